import { randomUUID } from "node:crypto";
import WebSocket from "ws";
import { createEventInbox } from "./create-event-inbox.js";
import type { ActorRef, OpenInspectClient } from "./create-openinspect-client.js";
import type { RemoteEvent } from "./openinspect-schemas.js";
import { readSessionMessage, type SessionSnapshot } from "./read-session-message.js";

/** How long the control plane may take to confirm a subscription before Baton polls instead. */
export const WS_SUBSCRIBE_TIMEOUT_MS = 10_000;
/** The control plane expects a keepalive this often. */
export const WS_PING_INTERVAL_MS = 30_000;
/** How long Baton waits for the answer to a `cancel_prompt`. */
export const WS_CANCEL_TIMEOUT_MS = 5_000;
/** The close code of a subscription to a session the control plane does not hold (no snapshot). */
const SESSION_NOT_HELD_CLOSE_CODE = 4009;

export interface SessionEventStream {
  /**
   * Every sandbox event of the session from the subscription on (its history first), and a
   * `sandbox_error` event (no message id) when a sandbox cannot start; ends when the socket closes.
   */
  events: AsyncIterable<RemoteEvent>;
  /** What `subscribed` said about the session. */
  snapshot: SessionSnapshot;
  /** Withdraws a queued prompt (`cancel_prompt`); false when it is no longer pending or no answer came. */
  cancelPrompt(messageId: string): Promise<boolean>;
  /** Whether the socket is still open (it may have dropped since the subscription). */
  readonly open: boolean;
  close(): void;
}

/**
 * The outcome of a subscription: `gone` when the control plane holds no such session (its other
 * routes answer an unknown session as an empty one; only the subscription says so), `unavailable`
 * when there is no WebSocket to be had (the caller polls `/events` instead).
 */
export type SubscribeResult =
  | { kind: "subscribed"; stream: SessionEventStream }
  | { kind: "gone" }
  | { kind: "unavailable"; reason: string };

/**
 * Subscribes to a session's WebSocket (`ws-token`, connect, `subscribe`) and resolves once the
 * control plane confirmed it, so that a prompt sent afterwards cannot slip past. A failure is a
 * result, not an exception.
 */
export async function openSessionEventStream({
  client,
  sessionId,
  actor,
  subscribeTimeoutMs = WS_SUBSCRIBE_TIMEOUT_MS,
}: {
  client: OpenInspectClient;
  sessionId: string;
  actor: ActorRef;
  subscribeTimeoutMs?: number;
}): Promise<SubscribeResult> {
  const token = await client.createWsToken(sessionId, actor);
  if (!token.ok) return { kind: "unavailable", reason: token.kind };
  const url = new URL(`${client.baseUrl}/sessions/${encodeURIComponent(sessionId)}/ws`);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(url);
  const inbox = createEventInbox<RemoteEvent>();
  const replies = new Map<string, (cancelled: boolean) => void>();
  let snapshot: SessionSnapshot = {};
  let ping: NodeJS.Timeout | undefined;

  const subscribed = new Promise<Exclude<SubscribeResult, { kind: "subscribed" }> | undefined>((resolve) => {
    const timer = setTimeout(
      () => resolve({ kind: "unavailable", reason: "no subscription confirmed" }),
      subscribeTimeoutMs,
    );
    socket.on("open", () =>
      socket.send(JSON.stringify({ type: "subscribe", token: token.value.token, clientId: randomUUID() })),
    );
    socket.on("message", (raw) => {
      const message = readSessionMessage(raw.toString());
      if (message.kind === "subscribed") {
        clearTimeout(timer);
        snapshot = message.snapshot;
        for (const event of message.history) inbox.push(event);
        resolve(undefined);
      } else if (message.kind === "event") inbox.push(message.event);
      else if (message.kind === "reply") replies.get(message.clientRequestId)?.(message.cancelled);
    });
    socket.on("error", (error) => {
      clearTimeout(timer);
      resolve({ kind: "unavailable", reason: error.message });
    });
    socket.on("close", (code) => {
      clearTimeout(timer);
      clearInterval(ping);
      inbox.end();
      for (const reply of replies.values()) reply(false);
      resolve(
        code === SESSION_NOT_HELD_CLOSE_CODE
          ? { kind: "gone" }
          : { kind: "unavailable", reason: "the WebSocket closed before the subscription" },
      );
    });
  });
  const failed = await subscribed;
  if (failed) {
    socket.terminate();
    return failed;
  }
  ping = setInterval(() => socket.send(JSON.stringify({ type: "ping" })), WS_PING_INTERVAL_MS);
  ping.unref();
  return {
    kind: "subscribed",
    stream: {
      events: inbox,
      snapshot,
      cancelPrompt: (messageId) => requestCancel(socket, replies, messageId),
      get open() {
        return socket.readyState === WebSocket.OPEN;
      },
      close() {
        clearInterval(ping);
        socket.close();
        inbox.end();
      },
    },
  };
}

/** Sends `cancel_prompt` and waits for its answer (matched by `clientRequestId`), or gives up. */
function requestCancel(
  socket: WebSocket,
  replies: Map<string, (cancelled: boolean) => void>,
  messageId: string,
): Promise<boolean> {
  if (socket.readyState !== WebSocket.OPEN) return Promise.resolve(false);
  const clientRequestId = randomUUID();
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => settle(false), WS_CANCEL_TIMEOUT_MS);
    const settle = (cancelled: boolean) => {
      clearTimeout(timer);
      replies.delete(clientRequestId);
      resolve(cancelled);
    };
    replies.set(clientRequestId, settle);
    socket.send(JSON.stringify({ type: "cancel_prompt", messageId, clientRequestId }));
  });
}
