import type { ActorRef, OpenInspectClient } from "./create-openinspect-client.js";
import type { OpenInspectResult } from "./openinspect-result.js";
import type { RemoteMessage } from "./openinspect-schemas.js";

/** How far the control plane's clock may be behind Baton's when matching a message to its send. */
export const MESSAGE_MATCH_CLOCK_SLACK_MS = 60_000;

/**
 * After a prompt whose answer was lost: the message that send queued, if it arrived. The prompt
 * route has no idempotency key, so sending again without this check could run the prompt twice.
 * Messages of `earlier` (other turns' prompts) are not it, whatever they say: a person who writes
 * "try again" twice in a minute means two prompts.
 */
export async function findQueuedMessage({
  client,
  sessionId,
  content,
  sentAt,
  actor,
  earlier,
  signal,
}: {
  client: OpenInspectClient;
  sessionId: string;
  content: string;
  sentAt: number;
  actor: ActorRef;
  /** The messages other turns queued in the session. */
  earlier: ReadonlySet<string>;
  signal?: AbortSignal;
}): Promise<OpenInspectResult<RemoteMessage | undefined>> {
  const listed = await client.listMessages(sessionId, actor, signal);
  if (!listed.ok) return listed;
  const match = listed.value.messages
    .filter(
      (message) =>
        !earlier.has(message.id) &&
        message.content === content &&
        createdAtMs(message) >= sentAt - MESSAGE_MATCH_CLOCK_SLACK_MS,
    )
    .sort((a, b) => createdAtMs(b) - createdAtMs(a))[0];
  return { ok: true, value: match };
}

export function createdAtMs(item: { createdAt?: string | number }): number {
  if (typeof item.createdAt === "number") return item.createdAt;
  if (typeof item.createdAt === "string") {
    const parsed = Date.parse(item.createdAt);
    return Number.isNaN(parsed) ? 0 : parsed;
  }
  return 0;
}
