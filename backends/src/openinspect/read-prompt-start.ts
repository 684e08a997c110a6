import type { ActorRef, OpenInspectClient } from "./create-openinspect-client.js";
import { createdAtMs, MESSAGE_MATCH_CLOCK_SLACK_MS } from "./find-queued-message.js";

/**
 * Since when `/artifacts` belong to a prompt: when it started on the control plane's own clock
 * (`startedAt` in `/messages`, else when it was queued there), so that no clock skew has to be
 * allowed for and a pull request an earlier prompt opened a moment before is not counted as this
 * one's. When `/messages` does not say, Baton's send time less the skew it allows.
 */
export async function readPromptStartMs({
  client,
  sessionId,
  messageId,
  sentAt,
  actor,
  signal,
}: {
  client: OpenInspectClient;
  sessionId: string;
  messageId: string;
  sentAt: number;
  actor: ActorRef;
  signal?: AbortSignal;
}): Promise<number> {
  const listed = await client.listMessages(sessionId, actor, signal);
  const message = listed.ok ? listed.value.messages.find((item) => item.id === messageId) : undefined;
  const startedAt = message ? createdAtMs({ createdAt: message.startedAt ?? message.createdAt }) : 0;
  return startedAt > 0 ? startedAt : sentAt - MESSAGE_MATCH_CLOCK_SLACK_MS;
}
