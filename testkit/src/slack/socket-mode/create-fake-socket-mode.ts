import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { acceptWebSocket, refuseWebSocket, type WebSocketConnection } from "../../net/accept-websocket.js";
import {
  buildSocketModeEnvelope,
  type SocketModeAck,
  type SocketModeEnvelope,
  type SocketModeEnvelopeInput,
} from "./socket-mode-envelope.js";

export const DEFAULT_SOCKET_MODE_TIMEOUT_MS = 5_000;
/** The path of Slack's Socket Mode URLs (`wss://wss-primary.slack.com/link/?ticket=…`). */
const LINK_PATH = "/link/";

export interface SocketModeWaitOptions {
  timeoutMs?: number;
}

/** The Socket Mode side of the fake Slack, as tests use it (`fake.socketMode`). */
export interface FakeSocketMode {
  /** Connections open right now (past the WebSocket handshake). */
  readonly openConnections: number;
  /** Every acknowledgement a client sent, in arrival order. */
  readonly acks: readonly SocketModeAck[];
  /**
   * Pushes an envelope to the newest open connection (waiting for one if none is open) and
   * resolves with the client's ack; rejects when none arrives within `timeoutMs`.
   */
  send(envelope: SocketModeEnvelopeInput, options?: SocketModeWaitOptions): Promise<SocketModeAck>;
  /** Resolves once `count` connections have been greeted with `hello` since start (reconnects count). */
  waitForConnections(count?: number, options?: SocketModeWaitOptions): Promise<void>;
  /** Sends Slack's `disconnect` message to every open connection, as Slack does before recycling one. */
  requestReconnect(reason?: "refresh_requested" | "warning" | "link_disabled"): void;
  /** Drops every connection without a close frame, like a network failure. */
  dropConnections(): void;
}

/** What `startFakeSlack` needs besides the public part: links, upgrades and the lifecycle. */
export interface FakeSocketModeServer extends FakeSocketMode {
  /** A fresh single-use link, as `apps.connections.open` returns it. */
  openLink(): string;
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Forgets recorded acks; open connections stay open. */
  reset(): void;
  /** Drops every connection and rejects every pending wait. */
  close(reason: string): void;
}

export interface FakeSocketModeOptions {
  appId: string;
  /** The server's origin once it listens, e.g. `http://127.0.0.1:4321`. */
  origin(): string;
}

interface Pending {
  resolve(ack: SocketModeAck): void;
  reject(error: Error): void;
}

/**
 * Slack's Socket Mode over a real WebSocket: single-use tickets from `apps.connections.open`, a
 * `hello` on connect, envelopes pushed by the test, and the client's acks matched by envelope id.
 */
export function createFakeSocketMode({ appId, origin }: FakeSocketModeOptions): FakeSocketModeServer {
  const tickets = new Set<string>();
  const connections: WebSocketConnection[] = [];
  const acks: SocketModeAck[] = [];
  const awaitingAck = new Map<string, Pending[]>();
  const wakeOnConnect = new Set<() => void>();
  const settleOnClose = new Set<(reason: string) => void>();
  let greeted = 0;

  const newestOpen = () => connections.findLast((connection) => connection.isOpen);

  function receive(text: string): void {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof message !== "object" || message === null) return;
    const { envelope_id: envelopeId } = message as { envelope_id?: unknown };
    if (typeof envelopeId !== "string") return;
    const ack = message as SocketModeAck;
    acks.push(ack);
    awaitingAck.get(envelopeId)?.shift()?.resolve(ack);
  }

  /**
   * A promise that `start` settles; it rejects by itself after the timeout or when the fake closes.
   * `start` returns its cleanup, which runs however the wait ends.
   */
  function waitFor<T>(
    timeoutMs: number,
    describe: () => string,
    start: (settle: { resolve(value: T): void; reject(error: Error): void }) => () => void,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let cleanup = () => {};
      const finish = () => {
        clearTimeout(timer);
        settleOnClose.delete(onClose);
        cleanup();
      };
      const onClose = (reason: string) => {
        finish();
        reject(new Error(`${describe()} gave up: ${reason}.`));
      };
      const timer = setTimeout(() => onClose(`nothing within ${timeoutMs} ms`), timeoutMs);
      settleOnClose.add(onClose);
      cleanup = start({
        resolve: (value) => {
          finish();
          resolve(value);
        },
        reject: (error) => {
          finish();
          reject(error);
        },
      });
    });
  }

  function send(input: SocketModeEnvelopeInput, options: SocketModeWaitOptions = {}): Promise<SocketModeAck> {
    const envelope: SocketModeEnvelope = buildSocketModeEnvelope(input);
    const { timeoutMs = DEFAULT_SOCKET_MODE_TIMEOUT_MS } = options;
    const describe = () => `socketMode.send(${envelope.type} ${envelope.envelope_id})`;
    return waitFor<SocketModeAck>(timeoutMs, describe, (settle) => {
      const pending: Pending = settle;
      const queue = awaitingAck.get(envelope.envelope_id) ?? [];
      queue.push(pending);
      awaitingAck.set(envelope.envelope_id, queue);
      const deliver = () => {
        if (newestOpen()?.send(JSON.stringify(envelope))) wakeOnConnect.delete(deliver);
      };
      wakeOnConnect.add(deliver);
      deliver();
      return () => {
        wakeOnConnect.delete(deliver);
        const left = awaitingAck.get(envelope.envelope_id)?.filter((entry) => entry !== pending) ?? [];
        if (left.length === 0) awaitingAck.delete(envelope.envelope_id);
        else awaitingAck.set(envelope.envelope_id, left);
      };
    });
  }

  function waitForConnections(count = 1, options: SocketModeWaitOptions = {}): Promise<void> {
    const { timeoutMs = DEFAULT_SOCKET_MODE_TIMEOUT_MS } = options;
    const describe = () => `socketMode.waitForConnections(${count}) with ${greeted} so far`;
    return waitFor<void>(timeoutMs, describe, (settle) => {
      const check = () => {
        if (greeted >= count) settle.resolve();
      };
      wakeOnConnect.add(check);
      check();
      return () => wakeOnConnect.delete(check);
    });
  }

  function handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? "/", "http://fake-slack");
    if (url.pathname !== LINK_PATH) {
      refuseWebSocket(socket, 404, "The fake Slack serves WebSockets at /link/.");
      return;
    }
    const ticket = url.searchParams.get("ticket") ?? "";
    // Tickets are single use, as Slack's are: a reconnect must call apps.connections.open again.
    if (!tickets.delete(ticket)) {
      refuseWebSocket(socket, 401, "Unknown or used Socket Mode ticket.");
      return;
    }
    const connection = acceptWebSocket(request, socket, head, {
      onMessage: receive,
      onClose: () => {
        const index = connections.indexOf(connection!);
        if (index >= 0) connections.splice(index, 1);
      },
    });
    if (connection === undefined) return;
    connections.push(connection);
    greeted += 1;
    connection.send(
      JSON.stringify({
        type: "hello",
        num_connections: connections.length,
        debug_info: { host: "fake-slack", build_number: 1, approximate_connection_time: 18_060 },
        connection_info: { app_id: appId },
      }),
    );
    for (const wake of [...wakeOnConnect]) wake();
  }

  return {
    get openConnections() {
      return connections.filter((connection) => connection.isOpen).length;
    },
    acks,
    send,
    waitForConnections,
    requestReconnect(reason = "refresh_requested") {
      const message = JSON.stringify({ type: "disconnect", reason, debug_info: { host: "fake-slack" } });
      for (const connection of connections) connection.send(message);
    },
    dropConnections() {
      for (const connection of [...connections]) connection.terminate();
    },
    openLink() {
      const ticket = randomUUID();
      tickets.add(ticket);
      const link = new URL(LINK_PATH, origin().replace(/^http/, "ws"));
      link.searchParams.set("ticket", ticket);
      link.searchParams.set("app_id", appId);
      return link.toString();
    },
    handleUpgrade,
    reset() {
      acks.length = 0;
    },
    close(reason) {
      for (const settle of [...settleOnClose]) settle(reason);
      for (const connection of [...connections]) connection.terminate();
      tickets.clear();
    },
  };
}
