import { createHash } from "node:crypto";
import type { FakeClock } from "../limits/fake-clock.js";
import {
  createFakeRateLimiter,
  type FakeRateLimit,
  type FakeRateLimiter,
} from "../limits/fake-rate-limits.js";

/** Linear's request limit for an API key: 1,500 requests an hour, refilled continuously. */
export const LINEAR_API_KEY_LIMIT: FakeRateLimit = { limit: 1_500, periodMs: 3_600_000 };
/** For an OAuth app's token (per user and app): 1,200 requests an hour. */
export const LINEAR_OAUTH_LIMIT: FakeRateLimit = { limit: 1_200, periodMs: 3_600_000 };

export interface FakeLinearRateLimitOptions {
  clock?: FakeClock;
  apiKey?: FakeRateLimit;
  oauth?: FakeRateLimit;
}

export interface FakeLinearRateLimits {
  /** Counts one request of the token; `refused` when its budget is spent, with the headers Linear sends. */
  check(
    authorization: string,
    kind: "api_key" | "oauth",
  ): { refused: boolean; headers: Record<string, string> };
  readonly limiter: FakeRateLimiter;
}

/** Linear's request limit per token (the complexity limit is not modelled: Baton's queries are small). */
export function createFakeLinearRateLimits(options: FakeLinearRateLimitOptions = {}): FakeLinearRateLimits {
  const limiter = createFakeRateLimiter(options.clock ?? Date.now);
  return {
    limiter,
    check(authorization, kind) {
      const limit =
        kind === "api_key" ? (options.apiKey ?? LINEAR_API_KEY_LIMIT) : (options.oauth ?? LINEAR_OAUTH_LIMIT);
      // Keyed by a hash: the fake keeps no token in memory longer than a request needs it.
      const key = createHash("sha256").update(authorization).digest("hex").slice(0, 16);
      const decision = limiter.take([{ key, limit }]);
      const headers: Record<string, string> = {
        "x-ratelimit-requests-limit": String(limit.limit),
        "x-ratelimit-requests-remaining": String(decision.remaining),
        "x-ratelimit-requests-reset": String(Math.ceil(decision.resetAtMs)),
      };
      if (!decision.allowed) headers["retry-after"] = String(decision.retryAfterSeconds);
      return { refused: !decision.allowed, headers };
    },
  };
}
