import type { RemoteEvent } from "./openinspect-schemas.js";

/** What `subscribed` says about a session that Baton uses. */
export interface SessionSnapshot {
  /** The model the session runs with (the control plane's default when it did not know the one asked for). */
  model?: string;
  /** Why the last sandbox could not start, if it could not. */
  spawnError?: string;
  /** The prompts still waiting for a sandbox or their turn (`promptQueue`, `pending`). */
  queued?: string[];
}

/** A message of the session's WebSocket, as far as Baton reads it. */
export type SessionMessage =
  | { kind: "subscribed"; snapshot: SessionSnapshot; history: RemoteEvent[] }
  | { kind: "event"; event: RemoteEvent }
  /** The answer to a `cancel_prompt`. */
  | { kind: "reply"; clientRequestId: string; cancelled: boolean }
  | { kind: "ignored" };

/**
 * Reads one WebSocket message: `subscribed` (the history is `timeline.events`, each
 * `{eventId, timelineSequence, event}`), a `sandbox_event`, a `sandbox_error` (turned into an
 * event without a message id: the session's sandbox, not one prompt, failed), or the answer to a
 * `cancel_prompt`. Anything else is ignored.
 */
export function readSessionMessage(text: string): SessionMessage {
  const message = parseObject(text);
  switch (message?.type) {
    case "subscribed": {
      const session = asObject(message.session);
      const timeline = asObject(message.timeline);
      const items = Array.isArray(timeline?.events) ? timeline.events : [];
      const history = items.flatMap((item) => {
        const envelope = asObject(item);
        const event = flattenSandboxEvent(envelope?.event, envelope?.eventId);
        return event ? [event] : [];
      });
      const queue = Array.isArray(message.promptQueue) ? message.promptQueue : [];
      const snapshot: SessionSnapshot = {
        model: typeof session?.model === "string" ? session.model : undefined,
        spawnError: typeof message.spawnError === "string" ? message.spawnError : undefined,
        queued: queue.flatMap((item) => {
          const entry = asObject(item);
          return entry?.status === "pending" && typeof entry.messageId === "string" ? [entry.messageId] : [];
        }),
      };
      return { kind: "subscribed", snapshot, history };
    }
    case "sandbox_event": {
      const event = flattenSandboxEvent(message.event);
      return event ? { kind: "event", event } : { kind: "ignored" };
    }
    case "sandbox_error":
      return {
        kind: "event",
        event: { type: "sandbox_error", data: { error: message.error }, messageId: undefined },
      };
    case "prompt_cancelled":
    case "error":
      return typeof message.clientRequestId === "string"
        ? {
            kind: "reply",
            clientRequestId: message.clientRequestId,
            cancelled: message.type === "prompt_cancelled",
          }
        : { kind: "ignored" };
    default:
      return { kind: "ignored" };
  }
}

/** WebSocket events are flat (`{type, messageId, content, …}`); `/events` nests them under `data`. */
function flattenSandboxEvent(raw: unknown, eventId?: unknown): RemoteEvent | undefined {
  const fields = asObject(raw);
  if (!fields) return undefined;
  const { type, messageId, id, ...data } = fields;
  if (typeof type !== "string") return undefined;
  const known = typeof eventId === "string" ? eventId : id;
  return {
    id: typeof known === "string" ? known : undefined,
    type,
    messageId: typeof messageId === "string" ? messageId : undefined,
    data,
  };
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    return asObject(JSON.parse(text));
  } catch {
    return undefined;
  }
}
