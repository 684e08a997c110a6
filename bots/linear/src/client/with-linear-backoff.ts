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

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs one Linear call, waiting out rate limits: Linear's `Retry-After` when it sends one, else an
 * exponential backoff with jitter. A limit that outlasts the tries becomes a `TransientError`, so
 * that the turn is retried later rather than failed.
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
      const waitMs = Math.min(
        LINEAR_BACKOFF_MAX_MS,
        error.retryAfter !== undefined ? error.retryAfter * 1000 : exponential,
      );
      options.onRetry?.({ attempt, waitMs });
      await sleep(waitMs);
    }
  }
}
