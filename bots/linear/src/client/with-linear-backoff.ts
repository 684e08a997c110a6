import { TransientError } from "@baton/core";
import { LinearError, LinearErrorType } from "@linear/sdk";

/** How often one Linear call is tried again after a rate limit before the turn's own retries take over. */
export const LINEAR_RATE_LIMIT_RETRIES = 4;
/** The first wait after a rate limit without a Retry-After; it doubles on each try. */
export const LINEAR_BACKOFF_BASE_MS = 1_000;
/** No single wait is longer than this, whatever Retry-After says: the turn's retries take the long view. */
export const LINEAR_BACKOFF_MAX_MS = 30_000;

export interface LinearBackoffOptions {
  retries?: number;
  baseMs?: number;
  sleep?: (ms: number) => Promise<void>;
  onRetry?: (info: { attempt: number; waitMs: number }) => void;
}

/** Linear says "slow down" two ways: HTTP 429, or a `RATELIMITED` GraphQL error (HTTP 400). */
export function isLinearRateLimit(error: unknown): error is LinearError & { retryAfter?: number } {
  if (!(error instanceof LinearError)) return false;
  return (
    error.type === LinearErrorType.Ratelimited ||
    error.status === 429 ||
    (error.errors ?? []).some((e) => e.type === LinearErrorType.Ratelimited)
  );
}

/** A reset header below this is in seconds since the epoch, not milliseconds. */
const EPOCH_MS_AFTER = 1e12;

/**
 * How long Linear asks to wait after a rate limit: its `Retry-After` when it sends one, else until
 * the spent limit's reset (its `X-RateLimit-Requests-Reset` or `X-RateLimit-Complexity-Reset`
 * headers): the later of those spent (none left), or of those sent when none says it is spent.
 * Undefined when Linear says neither.
 */
export function linearRetryAfterMs(error: LinearError, now = Date.now()): number | undefined {
  const limited = error as LinearError & {
    retryAfter?: number;
    requestsRemaining?: number;
    requestsResetAt?: number;
    complexityRemaining?: number;
    complexityResetAt?: number;
  };
  if (limited.retryAfter !== undefined) return limited.retryAfter * 1000;
  const limits = [
    { remaining: limited.requestsRemaining, resetAt: limited.requestsResetAt },
    { remaining: limited.complexityRemaining, resetAt: limited.complexityResetAt },
  ].filter(
    (limit): limit is { remaining: number | undefined; resetAt: number } => limit.resetAt !== undefined,
  );
  const spent = limits.filter((limit) => limit.remaining === 0);
  const resets = (spent.length > 0 ? spent : limits).map(({ resetAt }) =>
    resetAt < EPOCH_MS_AFTER ? resetAt * 1000 : resetAt,
  );
  if (resets.length === 0) return undefined;
  return Math.max(0, Math.max(...resets) - now);
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs one Linear call, waiting out rate limits: as long as Linear asks (`linearRetryAfterMs`),
 * else an exponential backoff with jitter. A limit that outlasts the tries becomes a
 * `TransientError`, so that the turn is retried later rather than failed.
 */
export async function withLinearBackoff<T>(
  call: () => Promise<T>,
  options: LinearBackoffOptions = {},
): Promise<T> {
  const {
    retries = LINEAR_RATE_LIMIT_RETRIES,
    baseMs = LINEAR_BACKOFF_BASE_MS,
    sleep = defaultSleep,
  } = options;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (!isLinearRateLimit(error)) throw error;
      if (attempt > retries)
        throw new TransientError(
          "platform_failed",
          `Linear kept rate limiting after ${retries} retries`,
          undefined,
          {
            cause: error,
          },
        );
      const exponential = baseMs * 2 ** (attempt - 1) * (0.5 + Math.random() / 2);
      const waitMs = Math.min(LINEAR_BACKOFF_MAX_MS, linearRetryAfterMs(error) ?? exponential);
      options.onRetry?.({ attempt, waitMs });
      await sleep(waitMs);
    }
  }
}
