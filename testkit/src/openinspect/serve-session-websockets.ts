import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { acceptWebSocket, refuseWebSocket, type WebSocketConnection } from "../net/accept-websocket.js";
import { type FakeControlPlaneState, flattenEvent } from "./create-fake-control-plane-state.js";
import type { FakeRemoteSession } from "./fake-control-plane-types.js";
import { parseJson } from "./parse-json.js";

type ClientMessage = { type?: string; token?: string; messageId?: string; clientRequestId?: string };

/**
 * The session WebSocket of the fake control plane: `subscribe` with a `ws-token` (answered by
 * `subscribed`, or closed with 4009 for a session it does not hold), `ping`, `cancel_prompt`, and
 * the session's broadcasts to every subscriber.
 */
export function createSessionWebSockets({
  state,
  wsTokens,
}: {
  state: FakeControlPlaneState;
  /** Each issued token, with the session it is for. */
  wsTokens: ReadonlyMap<string, string>;
}) {
  const subscribers = new Map<string, Set<WebSocketConnection>>();
  const sockets = new Set<WebSocketConnection>();

  function cancel(ws: WebSocketConnection, sessionId: string, message: ClientMessage) {
    const session = state.sessions.get(sessionId);
    const cancelled = session !== undefined && state.cancelPrompt(session, message.messageId ?? "");
    const reply = cancelled
      ? { type: "prompt_cancelled", messageId: message.messageId }
      : {
          type: "error",
          code: "PROMPT_NOT_CANCELLABLE",
          message: "This prompt is no longer pending and cannot be removed",
        };
    ws.send(JSON.stringify({ ...reply, clientRequestId: message.clientRequestId }));
  }

  function subscribe(ws: WebSocketConnection, sessionId: string, message: ClientMessage): boolean {
    if (!message.token || wsTokens.get(message.token) !== sessionId) {
      ws.close(4001, "Invalid authentication token");
      return false;
    }
    const session = state.sessions.get(sessionId);
    // The control plane has no snapshot of a session it does not hold.
    if (!session) {
      ws.close(4009, "Session synchronization failed");
      return false;
    }
    ws.send(JSON.stringify(subscribedMessage(session)));
    const set = subscribers.get(session.id) ?? new Set();
    set.add(ws);
    subscribers.set(session.id, set);
    return true;
  }

  return {
    upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
      const match = /^\/sessions\/([^/]+)\/ws$/.exec((req.url ?? "").split("?")[0] ?? "");
      if (!match) return refuseWebSocket(socket, 404, "Not found");
      const sessionId = decodeURIComponent(match[1]!);
      let subscribed = false;
      const ws = acceptWebSocket(req, socket, head, {
        onMessage(text) {
          const message = parseJson(Buffer.from(text)) as ClientMessage | undefined;
          if (!ws || !message) return;
          if (message.type === "ping") ws.send(JSON.stringify({ type: "pong", timestamp: Date.now() }));
          else if (message.type === "cancel_prompt" && subscribed) cancel(ws, sessionId, message);
          else if (message.type === "subscribe" && subscribed) ws.close(4003, "Already subscribed");
          else if (message.type === "subscribe") subscribed = subscribe(ws, sessionId, message);
        },
        onClose() {
          if (!ws) return;
          sockets.delete(ws);
          subscribers.get(sessionId)?.delete(ws);
        },
      });
      if (ws) sockets.add(ws);
    },
    broadcast(sessionId: string, message: Record<string, unknown>) {
      for (const ws of subscribers.get(sessionId) ?? []) ws.send(JSON.stringify(message));
    },
    subscriberCount: (sessionId: string) => subscribers.get(sessionId)?.size ?? 0,
    /** Cuts every WebSocket, like a network failure. */
    dropAll() {
      for (const ws of sockets) ws.terminate();
    },
  };
}

/** What `subscribed` carries: the session, its history as `timeline.events`, its queue and spawn error. */
function subscribedMessage(session: FakeRemoteSession) {
  const history = session.events.slice(-500);
  return {
    type: "subscribed",
    session: {
      id: session.id,
      status: session.status,
      model: session.model,
      messageCount: session.messages.length,
    },
    artifacts: session.artifacts,
    timeline: {
      events: history.map((event, index) => ({
        eventId: event.id,
        timelineSequence: session.events.length - history.length + index + 1,
        event: flattenEvent(event),
      })),
      hasMore: session.events.length > history.length,
      cursor: null,
    },
    promptQueue: session.messages
      .filter((message) => message.status === "pending" || message.status === "processing")
      .map((message) => ({ messageId: message.id, content: message.content, status: message.status })),
    spawnError: session.spawnError,
    participantId: `part_${session.id}`,
  };
}
