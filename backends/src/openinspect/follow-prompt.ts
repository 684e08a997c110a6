import type { Logger } from "@baton/core";
import type { ActorRef, OpenInspectClient } from "./create-openinspect-client.js";
import { isPromptEnd } from "./create-prompt-progress.js";
import type { SessionEventStream } from "./open-session-event-stream.js";
import type { RemoteEvent } from "./openinspect-schemas.js";
import { pollPromptEvents } from "./poll-prompt-events.js";

/**
 * The events of one prompt until it ends: from the session's WebSocket while it lasts, then (or
 * without one) by polling `/events?message_id=`. Polling after a dropped socket reads the prompt's
 * events from the start again; the progress takes each only once.
 */
export async function* followPrompt({
  stream,
  client,
  sessionId,
  messageId,
  actor,
  signal,
  pollIntervalMs,
  logger,
}: {
  stream?: SessionEventStream;
  client: OpenInspectClient;
  sessionId: string;
  messageId: string;
  actor: Parameters<typeof pollPromptEvents>[0]["actor"] & ActorRef;
  signal: AbortSignal;
  pollIntervalMs?: number;
  logger: Logger;
}): AsyncGenerator<RemoteEvent> {
  if (stream) {
    for await (const event of stream.events) {
      // A sandbox that cannot start belongs to the session, not to one prompt.
      if (event.messageId !== messageId && event.type !== "sandbox_error") continue;
      yield event;
      if (isPromptEnd(event)) return;
    }
    if (signal.aborted) return;
    logger.warn("backends.openinspect.websocket_lost", {
      remote_session_id: sessionId,
      message_id: messageId,
    });
  }
  yield* pollPromptEvents({ client, sessionId, messageId, actor, signal, intervalMs: pollIntervalMs });
}
