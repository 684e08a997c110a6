/** A secondary rate limit (403/429 with `retry-after`) is waited out this many times per request. */
export const GITHUB_SECONDARY_LIMIT_RETRIES = 3;
/** A primary rate limit that lifts later than this fails the request; the turn's own retries take over. */
export const GITHUB_RATE_LIMIT_MAX_WAIT_SECONDS = 60;
/** A server error or a lost connection is tried again this many times, after 1, 4 and 9 units. */
export const GITHUB_SERVER_ERROR_RETRIES = 3;
/** GitHub's advice for a secondary limit that names no wait: a minute. */
const SECONDARY_LIMIT_FALLBACK_SECONDS = 60;

/** Why a failed request is sent again, and after how many seconds (in `retry-after`'s unit). */
export interface GithubRetry {
  reason: "secondary_rate_limit" | "rate_limit" | "server_error";
  afterSeconds: number;
}

interface RefusedRequest {
  status?: number;
  message?: string;
  response?: { headers?: Record<string, string | undefined> };
}

/**
 * Whether a request that failed with `error`, after `retries` retries of it, is worth sending
 * again. The same rules as Octokit's throttling and retry plugins as Baton configures them: a
 * secondary limit is waited out up to three times, a primary one once when it lifts within a
 * minute, and a server error or a lost connection (Octokit reports both as 5xx) is tried again
 * three times. Any other error (a 4xx) would fail again: null.
 */
export function githubRetryOf(error: unknown, retries: number, now = Date.now()): GithubRetry | null {
  const { status, message = "", response } = (error ?? {}) as RefusedRequest;
  const headers = response?.headers ?? {};
  if (status === 403 || status === 429) {
    const retryAfter = headers["retry-after"];
    if (retryAfter !== undefined || /\bsecondary rate\b/i.test(message)) {
      if (retries >= GITHUB_SECONDARY_LIMIT_RETRIES) return null;
      const seconds = retryAfter === undefined ? Number.NaN : Number(retryAfter);
      return {
        reason: "secondary_rate_limit",
        afterSeconds: Number.isFinite(seconds) && seconds >= 0 ? seconds : SECONDARY_LIMIT_FALLBACK_SECONDS,
      };
    }
    if (headers["x-ratelimit-remaining"] === "0") {
      // A second past the reset, as GitHub advises: the reset itself may still be refused.
      const afterSeconds = Math.max(
        0,
        Math.ceil((Number(headers["x-ratelimit-reset"]) * 1000 - now) / 1000) + 1,
      );
      if (retries >= 1 || !(afterSeconds <= GITHUB_RATE_LIMIT_MAX_WAIT_SECONDS)) return null;
      return { reason: "rate_limit", afterSeconds };
    }
    return null;
  }
  if (status === undefined || status >= 500) {
    if (retries >= GITHUB_SERVER_ERROR_RETRIES) return null;
    return { reason: "server_error", afterSeconds: (retries + 1) ** 2 };
  }
  return null;
}
