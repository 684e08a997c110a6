import { errorMessage, mapReplier, type Replier, TransientError } from "@baton/core";
import { ErrorCode } from "@slack/web-api";

/** Slack's errors that may pass: the request never got an answer, or Slack asked to slow down. */
const RETRYABLE_SLACK_ERROR_CODES: ReadonlySet<string> = new Set([
  ErrorCode.RequestError,
  ErrorCode.RateLimitedError,
]);

/**
 * A Slack Web API error the worker should retry, as a `TransientError`; anything else as it was.
 * (Slack's HTTP errors carry their status, which core's `isRetryableError` reads already.)
 */
export function toRetryableSlackError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string" || !RETRYABLE_SLACK_ERROR_CODES.has(code)) return error;
  return new TransientError("platform_failed", `Slack did not answer: ${errorMessage(error)}`, undefined, {
    cause: error,
  });
}

/** The replier, with Slack's retryable errors rethrown as `TransientError` (the turn is tried again). */
export function withRetryableSlackErrors(replier: Replier<"slack">): Replier<"slack"> {
  return mapReplier(replier as Replier, async (_method, _args, call) => {
    try {
      return await call();
    } catch (error) {
      throw toRetryableSlackError(error);
    }
  }) as Replier<"slack">;
}
