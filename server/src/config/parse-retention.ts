import { MIN_RETENTION_MS } from "@baton/core";

const UNIT_MS = { d: 24 * 60 * 60_000, h: 60 * 60_000, m: 60_000, s: 1_000 } as const;

/**
 * BATON_RETENTION as milliseconds: a whole number with a unit, `90d`, `36h`, `30m`, `120s` (a
 * bare number means days). Null when it is not such a value or is zero.
 *
 * @example
 * parseRetention("12h"); // 43_200_000
 */
export function parseRetention(text: string): number | null {
  const match = /^(\d+)\s*([dhms]?)$/i.exec(text.trim());
  if (!match) return null;
  const [, count, unit] = match;
  const ms = Number(count) * UNIT_MS[(unit || "d").toLowerCase() as keyof typeof UNIT_MS];
  return ms > 0 && Number.isSafeInteger(ms) ? ms : null;
}

/** Why a retention cannot be used, or null when it can: below the minimum only when explicitly allowed. */
export function retentionProblem(retentionMs: number, allowShort: boolean): string | null {
  if (retentionMs >= MIN_RETENTION_MS || allowShort) return null;
  return `BATON_RETENTION is below the minimum of 1 day: platforms retry deliveries for hours, and a retry of a delivery Baton has forgotten would run the request a second time. Use 1d or more (tests and benchmarks may set BATON_ALLOW_SHORT_RETENTION=1).`;
}
