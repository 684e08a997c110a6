import type { SessionRequest } from "@baton/core";

/** Where turns stored before `replyTo` existed kept the person's message (read only, never written). */
const LEGACY_MESSAGE_TS_CONTEXT_KEY = "slack.messageTs";

/**
 * The person's Slack message a request answers (its reactions go there), or null when the request
 * does not name one. Turns queued by an older Baton named it in their context; they still find it.
 */
export function slackMessageTs(request: SessionRequest): string | null {
  if (request.replyTo?.platform === "slack") return request.replyTo.messageTs;
  return request.context[LEGACY_MESSAGE_TS_CONTEXT_KEY] ?? null;
}
