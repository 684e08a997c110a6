import { randomUUID } from "node:crypto";
import WebSocket from "ws";
import type { ActorRef, OpenInspectClient } from "./create-openinspect-client.js";
import type { OpenInspectResult } from "./openinspect-result.js";
import type { RemoteEvent } from "./openinspect-schemas.js";

/** How long the control plane may take to confirm a subscription before Baton polls instead. */
export const WS_SUBSCRIBE_TIMEOUT_MS = 10_000;
/** The control plane expects a keepalive this often. */
export const WS_PING_INTERVAL_MS = 30_000;

export interface SessionEventStream {
  /** Every sandbox event of the session from the subscription on (the replay first); ends when the socket closes. */
  events: AsyncIterable<RemoteEvent>;
  close(): void;
}

/**
 * Subscribes to a session's WebSocket (`ws-token`, connect, `subscribe`) and resolves once the
 * control plane confirmed it, so that a prompt sent afterwards cannot slip past. A failure is a
 * result, not an exception: the caller polls `/events` instead.
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
}): Promise<OpenInspectResult<SessionEventStream>> {
  const token = await client.createWsToken(sessionId, actor);
  if (!token.ok) return token;
  const url = new URL(`${client.baseUrl}/sessions/${encodeURIComponent(sessionId)}/ws`);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(url);
  const inbox = createEventInbox();
  let ping: NodeJS.Timeout | undefined;

  const subscribed = new Promise<OpenInspectResult<true>>((resolve) => {
    const timer = setTimeout(
      () => resolve({ ok: false, kind: "network", message: "no subscription confirmed" }),
      subscribeTimeoutMs,
    );
    socket.on("open", () =>
      socket.send(JSON.stringify({ type: "subscribe", token: token.value.token, clientId: randomUUID() })),
    );
    socket.on("message", (raw) => {
      const message = parseMessage(raw.toString());
      if (message?.type === "subscribed") {
        clearTimeout(timer);
        const replay = (message.replay as { events?: unknown[] } | undefined)?.events ?? [];
        for (const event of replay) inbox.push(flattenSandboxEvent(event));
        resolve({ ok: true, value: true });
      } else if (message?.type === "sandbox_event") {
        inbox.push(flattenSandboxEvent(message.event));
      }
    });
    socket.on("error", (error) => {
      clearTimeout(timer);
      resolve({ ok: false, kind: "network", message: error.message });
    });
    socket.on("close", () => {
      clearTimeout(timer);
      clearInterval(ping);
      inbox.end();
      resolve({ ok: false, kind: "network", message: "the WebSocket closed before the subscription" });
    });
  });
  const outcome = await subscribed;
  if (!outcome.ok) {
    socket.terminate();
    return outcome;
  }
  ping = setInterval(() => socket.send(JSON.stringify({ type: "ping" })), WS_PING_INTERVAL_MS);
  ping.unref();
  return {
    ok: true,
    value: {
      events: inbox,
      close() {
        clearInterval(ping);
        socket.close();
        inbox.end();
      },
    },
  };
}

/** WebSocket events are flat (`{type, messageId, content, …}`); `/events` nests them under `data`. */
function flattenSandboxEvent(raw: unknown): RemoteEvent | undefined {
  if (!raw || typeof raw !== "object") return undefined;
  const { type, messageId, id, ...data } = raw as Record<string, unknown>;
  if (typeof type !== "string") return undefined;
  return {
    id: typeof id === "string" ? id : undefined,
    type,
    messageId: typeof messageId === "string" ? messageId : undefined,
    data,
  };
}

function parseMessage(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** An async queue: the socket pushes, the follower pulls, and `end` finishes the iteration. */
function createEventInbox() {
  const queued: RemoteEvent[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  return {
    push(event: RemoteEvent | undefined) {
      if (!event || ended) return;
      queued.push(event);
      wake?.();
    },
    end() {
      ended = true;
      wake?.();
    },
    async *[Symbol.asyncIterator](): AsyncIterator<RemoteEvent> {
      for (;;) {
        const next = queued.shift();
        if (next) {
          yield next;
          continue;
        }
        if (ended) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
      }
    },
  };
}
