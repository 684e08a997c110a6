import type { RateLimitSpec } from "./rate-budget.js";

const UNITS: Record<string, number> = { s: 1_000, m: 60_000, min: 60_000, h: 3_600_000 };

/**
 * Reads `BATON_RATE_LIMITS`: `name=limit/period[:burst]` pairs, comma-separated, where `period`
 * is a number and a unit (`s`, `m`, `h`; a bare unit is one of it): `chat:tier3=50/m:10,code:content-hour=500/h` (names as `/metrics` shows them).
 * Throws with the faulty pair named, so that the operator sees which one.
 */
export function parseRateLimits(text: string | undefined): Map<string, RateLimitSpec> {
  const limits = new Map<string, RateLimitSpec>();
  for (const pair of (text ?? "").split(",").map((part) => part.trim())) {
    if (pair === "") continue;
    const match = pair.match(/^([\w:.-]+)=(\d+(?:\.\d+)?)\/(\d*(?:\.\d+)?)(s|m|min|h)(?::(\d+))?$/);
    if (!match)
      throw new Error(
        `BATON_RATE_LIMITS: "${pair}" is not name=limit/period[:burst] (for example chat:tier3=50/m:10)`,
      );
    const [, name, limit, count, unit, burst] = match as unknown as [
      string,
      string,
      string,
      string,
      string,
      string?,
    ];
    const periodMs = (count === "" ? 1 : Number(count)) * (UNITS[unit] ?? 0);
    if (!(Number(limit) > 0) || !(periodMs > 0))
      throw new Error(`BATON_RATE_LIMITS: "${pair}" needs a limit and a period above zero`);
    limits.set(name, {
      limit: Number(limit),
      periodMs,
      burst: burst === undefined ? defaultBurst(Number(limit)) : Number(burst),
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
