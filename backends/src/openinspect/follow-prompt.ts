import { type Logger, TransientError } from "@baton/core";
import type { ActorRef, OpenInspectClient } from "./create-openinspect-client.js";
import { isPromptEnd } from "./create-prompt-progress.js";
import type { SessionEventStream } from "./open-session-event-stream.js";
import type { RemoteEvent } from "./openinspect-schemas.js";
import { pollPromptEvents } from "./poll-prompt-events.js";
import type { Subscription } from "./send-turn-prompt.js";

/** While polling, Baton tries the session's WebSocket again this often. */
export const RESUBSCRIBE_INTERVAL_MS = 15_000;

/**
 * The events of one prompt until it ends: from the session's WebSocket while it lasts, else by
 * polling `/events?message_id=`, trying the WebSocket again every `resubscribeIntervalMs`: only
 * the WebSocket tells of a sandbox that cannot start (`spawnError` while the prompt is still
 * queued) or of a session the control plane no longer holds. Polling and a new subscription read
 * the prompt's events from the start again; the progress takes each only once.
 */
export async function* followPrompt({
  stream,
  client,
  sessionId,
  messageId,
  actor,
  signal,
  pollIntervalMs,
  resubscribe,
  resubscribeIntervalMs = RESUBSCRIBE_INTERVAL_MS,
  logger,
}: {
  stream?: SessionEventStream;
  client: OpenInspectClient;
  sessionId: string;
  messageId: string;
  actor: Parameters<typeof pollPromptEvents>[0]["actor"] & ActorRef;
  signal: AbortSignal;
  pollIntervalMs?: number;
  /** A new subscription to the session, when the turn may have one. */
  resubscribe?: () => Promise<Subscription>;
  resubscribeIntervalMs?: number;
  logger: Logger;
}): AsyncGenerator<RemoteEvent> {
  let current = stream;
  const opened: SessionEventStream[] = [];
  // An abort (a stop, a shutdown) ends the wait on a socket opened here; the caller closes `stream`.
  const closeOpened = () => {
    for (const socket of opened) socket.close();
  };
  signal.addEventListener("abort", closeOpened, { once: true });
  try {
    for (;;) {
      if (current) {
        // A retried turn's first subscription too: the sandbox may have failed while nobody listened.
        const { spawnError, queued } = current.snapshot;
        if (spawnError && queued?.includes(messageId)) {
          yield { type: "sandbox_error", data: { error: spawnError }, messageId: undefined };
          return;
        }
        for await (const event of current.events) {
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
      const polling = pollPromptEvents({
        client,
        sessionId,
        messageId,
        actor,
        signal,
        intervalMs: pollIntervalMs,
        forMs: resubscribe ? resubscribeIntervalMs : undefined,
      });
      for await (const event of polling) {
        yield event;
        if (isPromptEnd(event)) return;
      }
      if (signal.aborted || !resubscribe) return;
      const subscription = await resubscribe();
      if (subscription === "gone")
        throw new TransientError(
          "backend_unavailable",
          `Open-Inspect: the control plane no longer holds session ${sessionId}`,
        );
      current = subscription;
      if (current) opened.push(current);
      // Aborted while subscribing: the abort's listener did not see this socket.
      if (signal.aborted) return;
    }
  } finally {
    signal.removeEventListener("abort", closeOpened);
    closeOpened();
  }
}
