import { BatonError } from "@baton/core";
import { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";

/** OpenAI's code (and type) for an account with no credit or quota left. */
const OUT_OF_QUOTA = "insufficient_quota";
const OUT_OF_QUOTA_MESSAGE =
  "The model API account Baton uses is out of quota. An operator needs to check its plan and billing; trying again will not help until then.";

/**
 * A failed model call as Baton reports it (a BatonError for the API's failures; anything else as it is): retryable for 5xx, 429, timeouts and dropped
 * connections; a clear reply for a refused key, an unknown model or an account out of quota (a
 * 429 too, but one that no wait cures: retried, it would fail the same way after minutes). The
 * API's own message goes to the operator only.
 */
export function toModelError(error: unknown, model: string): unknown {
  // A timeout is a connection error to the SDK, but the server was reached: it did not answer in time.
  if (error instanceof APIConnectionTimeoutError)
    return new BatonError(
      "backend_failed",
      `model API timed out: ${error.message}`,
      "The model API did not answer in time. Baton will try again; if this goes on, the model server may be overloaded.",
      true,
      { cause: error },
    );
  if (error instanceof APIConnectionError)
    return new BatonError(
      "backend_failed",
      `model API unreachable: ${error.message}`,
      "Baton could not reach the model API. It will try again; if this goes on, check OPENAI_BASE_URL.",
      true,
      { cause: error },
    );
  if (!(error instanceof APIError) || error.status === undefined) return error;
  const status = error.status;
  const outOfQuota = status === 429 && (error.code === OUT_OF_QUOTA || error.type === OUT_OF_QUOTA);
  const retryable = !outOfQuota && (status >= 500 || status === 429 || status === 408);
  const userMessage = outOfQuota
    ? OUT_OF_QUOTA_MESSAGE
    : status === 401 || status === 403
      ? "The model API refused Baton's key: check OPENAI_API_KEY."
      : status === 404
        ? `The model \`${model}\` is not available at the model API.`
        : status === 429
          ? "The model API is rate limiting Baton. Please try again in a few minutes."
          : retryable
            ? "The model API failed, and kept failing. Please try again in a few minutes."
            : `The model API refused the request (HTTP ${status}).`;
  return new BatonError(
    "backend_failed",
    `model API answered ${status}: ${error.message}`,
    userMessage,
    retryable,
    {
      cause: error,
    },
  );
}
