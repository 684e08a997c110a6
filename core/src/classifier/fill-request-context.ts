import type { Logger } from "../contracts/logger.js";
import { errorMessage } from "../describe-error.js";
import type { SessionRequest } from "../schemas/session-request.js";
import type { RequestContextProviders } from "./request-context-provider.js";

/** A provider slower than this is left behind: classifying without the context beats waiting. */
export const REQUEST_CONTEXT_TIMEOUT_MS = 3_000;
/** Each value is clipped: a long thread or description must not crowd out the request. */
export const REQUEST_CONTEXT_MAX_VALUE_CHARS = 4_000;

/**
 * The request with its platform's live context added: what the provider found fills the keys the
 * inbound adapter left empty (the adapter's own values, read from the signed event, win). A
 * provider that throws or is too slow is logged (platform and reason, never the context) and the
 * request goes on as it was.
 */
export async function fillRequestContext({
  request,
  providers,
  logger,
  timeoutMs = REQUEST_CONTEXT_TIMEOUT_MS,
}: {
  request: SessionRequest;
  providers: RequestContextProviders;
  logger: Logger;
  timeoutMs?: number;
}): Promise<SessionRequest> {
  const platform = request.conversation.platform;
  const provider = providers[platform];
  if (!provider) return request;
  const startedAt = Date.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const provided = await Promise.race([
      provider(request),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error("timeout")), timeoutMs);
      }),
    ]);
    const added: Record<string, string> = {};
    for (const [key, value] of Object.entries(provided)) {
      if (typeof value !== "string" || value.trim().length === 0 || key in request.context) continue;
      added[key] =
        value.length > REQUEST_CONTEXT_MAX_VALUE_CHARS
          ? value.slice(0, REQUEST_CONTEXT_MAX_VALUE_CHARS)
          : value;
    }
    logger.debug("core.request_context.filled", {
      platform,
      keys: Object.keys(added).sort().join(","),
      duration_ms: Date.now() - startedAt,
    });
    return { ...request, context: { ...added, ...request.context } };
  } catch (error) {
    logger.warn("core.request_context.failed", {
      platform,
      reason: error instanceof Error && error.message === "timeout" ? "timeout" : "provider_failed",
      error: errorMessage(error),
      duration_ms: Date.now() - startedAt,
    });
    return request;
  } finally {
    clearTimeout(timer);
  }
}
