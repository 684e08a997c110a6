import type { ActorRef, OpenInspectClient } from "./create-openinspect-client.js";
import { openSessionEventStream, type SessionEventStream } from "./open-session-event-stream.js";

/**
 * Withdraws prompts still queued in a session (the WebSocket's `cancel_prompt`; `POST /stop` fails
 * only the running one), over `stream` when the turn has one, else over a subscription of its own.
 * Returns how many were withdrawn; a prompt that already started is not.
 */
export async function withdrawPrompts({
  client,
  sessionId,
  messageIds,
  actor,
  stream,
}: {
  client: OpenInspectClient;
  sessionId: string;
  messageIds: readonly string[];
  actor: ActorRef;
  stream?: SessionEventStream;
}): Promise<number> {
  if (messageIds.length === 0) return 0;
  let socket = stream?.open ? stream : undefined;
  if (!socket) {
    const opened = await openSessionEventStream({ client, sessionId, actor });
    if (opened.kind !== "subscribed") return 0;
    socket = opened.stream;
  }
  try {
    let withdrawn = 0;
    for (const messageId of new Set(messageIds)) if (await socket.cancelPrompt(messageId)) withdrawn += 1;
    return withdrawn;
  } finally {
    if (socket !== stream) socket.close();
  }
}

/** The sources Baton's prompts carry: one per platform it serves (`slack`, `github`, `linear`). */
const BATON_PROMPT_SOURCES = new Set(["slack", "github", "linear"]);

/** The prompts people sent through Baton (or another bot) that still wait in the session's queue. */
export async function findQueuedBotPrompts({
  client,
  sessionId,
  actor,
}: {
  client: OpenInspectClient;
  sessionId: string;
  actor: ActorRef;
}): Promise<string[]> {
  const listed = await client.listMessages(sessionId, actor, undefined, { status: "pending" });
  if (!listed.ok) return [];
  return listed.value.messages
    .filter((message) => message.status === "pending" && BATON_PROMPT_SOURCES.has(message.source ?? ""))
    .map((message) => message.id);
}
