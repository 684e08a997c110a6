import type { FakeClock } from "../limits/fake-clock.js";
import {
  createFakeRateLimiter,
  type FakeRateLimit,
  type FakeRateLimiter,
} from "../limits/fake-rate-limits.js";
import type { GithubAnswer } from "./github-routes.js";

/** A GitHub App installation's primary limit: at least 5,000 requests an hour. */
export const GITHUB_PRIMARY_LIMIT: FakeRateLimit = { limit: 5_000, periodMs: 3_600_000 };
/** Secondary limits on content creation: no more than 80 a minute and 500 an hour. */
export const GITHUB_CONTENT_PER_MINUTE: FakeRateLimit = { limit: 80, periodMs: 60_000 };
export const GITHUB_CONTENT_PER_HOUR: FakeRateLimit = { limit: 500, periodMs: 3_600_000 };

const CONTENT_METHODS = new Set(["POST", "PATCH", "PUT", "DELETE"]);
const DOCS = "https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api";

export interface FakeGithubRateLimitOptions {
  clock?: FakeClock;
  primary?: FakeRateLimit;
  contentPerMinute?: FakeRateLimit;
  contentPerHour?: FakeRateLimit;
  /** GitHub answers a secondary limit with 403 or 429; 403 by default. */
  secondaryStatus?: 403 | 429;
}

export interface FakeGithubRateLimits {
  /**
   * Counts one installation request; returns GitHub's refusal when a limit is spent, and the
   * `x-ratelimit-*` headers every answer carries either way.
   */
  check(installationId: number, method: string): { refusal?: GithubAnswer; headers: Record<string, string> };
  readonly limiter: FakeRateLimiter;
}

/** GitHub's limits per App installation: the primary hourly one, and the secondary ones on writes. */
export function createFakeGithubRateLimits(options: FakeGithubRateLimitOptions = {}): FakeGithubRateLimits {
  const clock = options.clock ?? Date.now;
  const limiter = createFakeRateLimiter(clock);
  const primary = options.primary ?? GITHUB_PRIMARY_LIMIT;
  // The headers count GitHub's way: requests used in the hour that began with the first one.
  const windows = new Map<number, { startMs: number; used: number }>();
  function windowOf(installationId: number) {
    const now = clock();
    const current = windows.get(installationId);
    if (current && now < current.startMs + primary.periodMs) return current;
    const fresh = { startMs: now, used: 0 };
    windows.set(installationId, fresh);
    return fresh;
  }
  return {
    limiter,
    check(installationId, method) {
      const primaryKey = `${installationId}:primary`;
      const limits = [{ key: primaryKey, limit: primary }];
      if (CONTENT_METHODS.has(method))
        limits.push(
          {
            key: `${installationId}:content:minute`,
            limit: options.contentPerMinute ?? GITHUB_CONTENT_PER_MINUTE,
          },
          { key: `${installationId}:content:hour`, limit: options.contentPerHour ?? GITHUB_CONTENT_PER_HOUR },
        );
      const decision = limiter.take(limits);
      const window = windowOf(installationId);
      if (decision.allowed) window.used += 1;
      const primaryRefused = !decision.allowed && decision.refusedBy === primaryKey;
      const headers = {
        "x-ratelimit-limit": String(primary.limit),
        "x-ratelimit-remaining": String(primaryRefused ? 0 : Math.max(0, primary.limit - window.used)),
        "x-ratelimit-used": String(window.used),
        "x-ratelimit-reset": String(Math.ceil((window.startMs + primary.periodMs) / 1000)),
        "x-ratelimit-resource": "core",
      };
      if (decision.allowed) return { headers };
      if (primaryRefused) {
        headers["x-ratelimit-reset"] = String(Math.ceil(decision.resetAtMs / 1000));
        return {
          headers,
          refusal: {
            status: 403,
            body: {
              message: `API rate limit exceeded for installation ID ${installationId}.`,
              documentation_url: DOCS,
            },
            headers,
          },
        };
      }
      return {
        headers,
        refusal: {
          status: options.secondaryStatus ?? 403,
          body: {
            message:
              "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
            documentation_url: DOCS,
          },
          headers: { ...headers, "retry-after": String(decision.retryAfterSeconds) },
        },
      };
    },
  };
}

/** The limits `rateLimits` asks for: GitHub's published ones for `true`, none when unset. */
export function fakeGithubRateLimitsFor(
  rateLimits: boolean | FakeGithubRateLimitOptions | undefined,
): FakeGithubRateLimits | undefined {
  return rateLimits ? createFakeGithubRateLimits(rateLimits === true ? {} : rateLimits) : undefined;
}

/** An answer within the limits, with the `x-ratelimit-*` headers GitHub sends on every answer. */
export function withLimitHeaders(
  answer: GithubAnswer,
  limit: { refusal?: GithubAnswer; headers: Record<string, string> } | undefined,
): GithubAnswer {
  return limit && !limit.refusal ? { ...answer, headers: { ...limit.headers, ...answer.headers } } : answer;
}
