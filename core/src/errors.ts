export type BatonErrorCode =
  | "config_invalid"
  | "catalog_invalid"
  | "redis_unavailable"
  | "target_not_found"
  | "target_not_allowed"
  | "backend_failed"
  | "backend_unavailable"
  | "platform_failed"
  | "turn_stopped"
  /** The turn outlived the turn timeout; the watchdog ended it. */
  | "turn_timed_out"
  | "model_not_allowed"
  | "request_invalid"
  | "request_refused"
  /** Refused at intake: the person may not steer the conversation's session (said in the bot's words). */
  | "steering_refused"
  | "internal";

export const DEFAULT_USER_MESSAGE = "Baton hit an internal error. The team has been notified.";

/**
 * Baton's errors carry a stable `code` (what callers and dashboards match on), an operator
 * `message`, and a `userMessage` that is safe to post back to the platform a request came from.
 * `retryable` says whether the same turn may succeed if tried again (a 5xx, a timeout).
 */
export class BatonError extends Error {
  constructor(
    readonly code: BatonErrorCode,
    message: string,
    readonly userMessage: string = DEFAULT_USER_MESSAGE,
    readonly retryable = false,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A failure that may pass: the turn is retried with backoff while it stays at its inbox's head. */
export class TransientError extends BatonError {
  constructor(
    code: BatonErrorCode,
    message: string,
    userMessage = "Baton could not reach a service it needs, and gave up after several tries. Please try again in a few minutes.",
    options?: { cause?: unknown },
  ) {
    super(code, message, userMessage, true, options);
  }
}

/** What the person sees when a turn fails. */
export interface UserFacingError {
  code: BatonErrorCode;
  message: string;
}

export function toUserFacingError(error: unknown): UserFacingError {
  if (error instanceof BatonError) return { code: error.code, message: error.userMessage };
  return { code: "internal", message: DEFAULT_USER_MESSAGE };
}

/**
 * Whether an error from anywhere (our own, an SDK's, the network) is worth retrying: 5xx, 429,
 * timeouts and dropped connections are; 4xx and bad input are not. A platform SDK whose errors
 * say so in their own way (a rate limit in its own error shape, say) is classified by its bot, which rethrows
 * those as `TransientError`.
 */
export function isRetryableError(error: unknown): boolean {
  if (error instanceof BatonError) return error.retryable;
  if (!(error instanceof Error)) return false;
  const status = statusOf(error);
  if (status !== undefined) return status >= 500 || status === 429 || status === 408;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && RETRYABLE_NETWORK_CODES.has(code)) return true;
  return error.name === "TimeoutError" || error.name === "AbortError" || /timed? ?out/i.test(error.message);
}

const RETRYABLE_NETWORK_CODES = new Set([
  "ECONNRESET",
  "ECONNREFUSED",
  "ETIMEDOUT",
  "EPIPE",
  "EAI_AGAIN",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
]);

function statusOf(error: Error): number | undefined {
  const candidate = error as { status?: unknown; statusCode?: unknown; response?: { status?: unknown } };
  for (const value of [candidate.status, candidate.statusCode, candidate.response?.status]) {
    if (typeof value === "number") return value;
  }
  return undefined;
}
