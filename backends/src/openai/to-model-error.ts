import { BatonError } from "@baton/core";
import { APIConnectionError, APIError } from "openai";

/**
 * A failed model call as Baton reports it (a BatonError for the API's failures; anything else as it is): retryable for 5xx, 429, timeouts and dropped
 * connections; a clear reply for a refused key or an unknown model. The API's own message goes
 * to the operator only.
 */
export function toModelError(error: unknown, model: string): unknown {
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
  const retryable = status >= 500 || status === 429 || status === 408;
  const userMessage =
    status === 401 || status === 403
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
