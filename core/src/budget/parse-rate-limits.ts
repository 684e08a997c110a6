import type { RateLimitSpec } from "./rate-budget.js";

const UNITS: Record<string, number> = { s: 1_000, m: 60_000, min: 60_000, h: 3_600_000 };

/**
 * The most of a burst an operator may keep for turns' ends: a start (the acknowledgement, the
 * working message) may spend only what is above the reserve, so a reserve near the whole burst
 * would leave new turns waiting for ever.
 */
const MAX_FINAL_RESERVE_PERCENT = 50;

/**
 * Reads `BATON_RATE_LIMITS`: `name=limit/period[:burst][:final=N%]` pairs, comma-separated, where
 * `period` is a number and a unit (`s`, `m`, `h`; a bare unit is one of it) and `final` is the
 * share of the burst kept for turns' ends (results and failures), the budget's own when not given:
 * `chat:tier3=50/m:10,github:content-minute=80/m:final=40%` (names as `/metrics` shows them).
 * Throws with the faulty pair named, so that the operator sees which one.
 */
export function parseRateLimits(text: string | undefined): Map<string, RateLimitSpec> {
  const limits = new Map<string, RateLimitSpec>();
  for (const pair of (text ?? "").split(",").map((part) => part.trim())) {
    if (pair === "") continue;
    const match = pair.match(
      /^([\w:.-]+)=(\d+(?:\.\d+)?)\/(\d*(?:\.\d+)?)(s|m|min|h)(?::(\d+))?(?::final=(\d+(?:\.\d+)?)%)?$/,
    );
    if (!match)
      throw new Error(
        `BATON_RATE_LIMITS: "${pair}" is not name=limit/period[:burst][:final=N%] (for example chat:tier3=50/m:10)`,
      );
    const [, name, limit, count, unit, burst, finalPercent] = match as unknown as [
      string,
      string,
      string,
      string,
      string,
      string?,
      string?,
    ];
    const periodMs = (count === "" ? 1 : Number(count)) * (UNITS[unit] ?? 0);
    if (!(Number(limit) > 0) || !(periodMs > 0))
      throw new Error(`BATON_RATE_LIMITS: "${pair}" needs a limit and a period above zero`);
    if (finalPercent !== undefined && Number(finalPercent) > MAX_FINAL_RESERVE_PERCENT)
      throw new Error(
        `BATON_RATE_LIMITS: "${pair}" keeps more than ${MAX_FINAL_RESERVE_PERCENT}% for turns' ends, which would leave new turns none`,
      );
    limits.set(name, {
      limit: Number(limit),
      periodMs,
      burst: burst === undefined ? defaultBurst(Number(limit)) : Number(burst),
      // Absent unless given: the limit's own share (its platform's setting) then stays.
      ...(finalPercent === undefined ? {} : { finalReserveShare: Number(finalPercent) / 100 }),
    });
  }
  return limits;
}

/**
 * Baton spends up to nine tenths of a period's allowance at once by default: the platforms' own
 * buckets hold a whole period ("bursts welcome"), and the tenth left is headroom for calls that
 * reach the platform later than the budget let them through (two let through a moment apart may
 * arrive together). It refills at the published rate, so it never runs ahead of theirs.
 */
export function defaultBurst(limit: number): number {
  return Math.max(1, Math.floor(limit * 0.9));
}
