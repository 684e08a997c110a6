import type { FakeClock } from "./fake-clock.js";

/** One limit as a platform publishes it: `limit` requests per `periodMs`, with bursts up to `burst`. */
export interface FakeRateLimit {
  limit: number;
  periodMs: number;
  /** How many requests may come at once after a quiet spell; `limit` when unset. */
  burst?: number;
}

/** What the limiter decided for one request. */
export type FakeRateDecision =
  | { allowed: true; remaining: number; resetAtMs: number }
  | { allowed: false; retryAfterSeconds: number; remaining: 0; resetAtMs: number; refusedBy: string };

export interface FakeRateLimiter {
  /**
   * Counts one request against every named limit, or against none of them when one refuses (a
   * refused request costs nothing, as on the platforms). `remaining` is the fullest limit's count.
   */
  take(limits: ReadonlyArray<{ key: string; limit: FakeRateLimit }>): FakeRateDecision;
  /** How many requests each limit refused, by key. */
  readonly refusals: ReadonlyMap<string, number>;
  reset(): void;
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Token buckets, one per key, refilled continuously at `limit / periodMs`: the "N per minute,
 * bursts welcome" the platforms describe. Time comes from `clock`, so a test can speed it up.
 */
export function createFakeRateLimiter(clock: FakeClock): FakeRateLimiter {
  const buckets = new Map<string, Bucket>();
  const refusals = new Map<string, number>();

  function level(key: string, { limit, periodMs, burst = limit }: FakeRateLimit, now: number): Bucket {
    const bucket = buckets.get(key) ?? { tokens: burst, at: now };
    const refilled = Math.min(burst, bucket.tokens + ((now - bucket.at) * limit) / periodMs);
    const current = { tokens: refilled, at: now };
    buckets.set(key, current);
    return current;
  }

  return {
    refusals,
    take(limits) {
      const now = clock();
      const levels = limits.map(({ key, limit }) => ({ key, limit, bucket: level(key, limit, now) }));
      const empty = levels.find(({ bucket }) => bucket.tokens < 1);
      if (empty) {
        const { key, limit, bucket } = empty;
        refusals.set(key, (refusals.get(key) ?? 0) + 1);
        const waitMs = ((1 - bucket.tokens) * limit.periodMs) / limit.limit;
        return {
          allowed: false,
          // Whole seconds, as every platform sends them, and never 0: "now" would invite a retry storm.
          retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
          remaining: 0,
          resetAtMs: now + waitMs,
          refusedBy: key,
        };
      }
      for (const { bucket } of levels) bucket.tokens -= 1;
      const tightest = levels.reduce<(typeof levels)[number] | undefined>(
        (low, next) => (low === undefined || next.bucket.tokens < low.bucket.tokens ? next : low),
        undefined,
      );
      const resetAtMs = tightest
        ? now +
          ((tightest.limit.burst ?? tightest.limit.limit) - tightest.bucket.tokens) *
            (tightest.limit.periodMs / tightest.limit.limit)
        : now;
      return { allowed: true, remaining: Math.floor(tightest?.bucket.tokens ?? 0), resetAtMs };
    },
    reset() {
      buckets.clear();
      refusals.clear();
    },
  };
}
