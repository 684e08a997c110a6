import { createHash } from "node:crypto";
import { type IncomingMessage, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import {
  createWebSocketFrameReader,
  type WebSocketFrame,
  WebSocketProtocolError,
} from "./create-websocket-frame-reader.js";
import { encodeCloseFrame, encodeWebSocketFrame, WEBSOCKET_OPCODE } from "./encode-websocket-frame.js";

/** The GUID every server appends to the client's key to prove it speaks WebSocket (RFC 6455 §1.3). */
const HANDSHAKE_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
export const DEFAULT_MAX_WEBSOCKET_MESSAGE_BYTES = 16 * 1024 * 1024;
/** How long to wait for the peer's close frame before dropping the TCP connection anyway. */
export const WEBSOCKET_CLOSE_HANDSHAKE_TIMEOUT_MS = 1_000;
const NORMAL_CLOSURE = 1000;
const ABNORMAL_CLOSURE = 1006;

export interface AcceptWebSocketOptions {
  /** Each complete text (or binary, decoded as UTF-8) message the client sends. */
  onMessage(text: string): void;
  /** Once, when the TCP connection is gone; `code` is the peer's close code, or 1006 without one. */
  onClose?(code: number): void;
  maxMessageBytes?: number;
}

export interface WebSocketConnection {
  readonly isOpen: boolean;
  /** Sends one text message; returns false when the connection is closing or closed. */
  send(text: string): boolean;
  /** Starts the closing handshake; the TCP connection ends when the peer answers or after a timeout. */
  close(code?: number, reason?: string): void;
  /** Drops the TCP connection with no close frame, like a network failure. */
  terminate(): void;
}

/**
 * Completes a WebSocket upgrade on a server's `upgrade` event and speaks the protocol on the
 * socket: reassembles fragmented messages, answers pings and closes. No extension is negotiated,
 * so every frame arrives uncompressed. Returns undefined (after answering 400) when the request is
 * not a valid WebSocket handshake.
 *
 * @example
 * server.on("upgrade", (request, socket, head) => {
 *   const ws = acceptWebSocket(request, socket, head, { onMessage: (text) => ws?.send(text) });
 * });
 */
export function acceptWebSocket(
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  { onMessage, onClose, maxMessageBytes = DEFAULT_MAX_WEBSOCKET_MESSAGE_BYTES }: AcceptWebSocketOptions,
): WebSocketConnection | undefined {
  const key = request.headers["sec-websocket-key"];
  const upgrade = request.headers.upgrade?.toLowerCase();
  if (request.method !== "GET" || upgrade !== "websocket" || typeof key !== "string" || key === "") {
    refuseWebSocket(socket, 400, "Expected a WebSocket handshake.");
    return undefined;
  }
  if (request.headers["sec-websocket-version"] !== "13") {
    refuseWebSocket(socket, 426, "Only WebSocket version 13 is supported.", {
      "sec-websocket-version": "13",
    });
    return undefined;
  }
  const accept = createHash("sha1").update(`${key}${HANDSHAKE_GUID}`).digest("base64");
  socket.write(
    [
      "HTTP/1.1 101 Switching Protocols",
      "Upgrade: websocket",
      "Connection: Upgrade",
      `Sec-WebSocket-Accept: ${accept}`,
      "",
      "",
    ].join("\r\n"),
  );

  const reader = createWebSocketFrameReader({ maxPayloadBytes: maxMessageBytes });
  let state: "open" | "closing" | "closed" = "open";
  let peerCloseCode = ABNORMAL_CLOSURE;
  let fragments: Buffer[] | undefined;
  let closeTimer: NodeJS.Timeout | undefined;

  const write = (frame: Buffer) => {
    if (!socket.destroyed && socket.writable) socket.write(frame);
  };

  /** Gives the peer a moment to close its side too, then drops the connection regardless. */
  function dropSoon(): void {
    clearTimeout(closeTimer);
    closeTimer = setTimeout(() => socket.destroy(), WEBSOCKET_CLOSE_HANDSHAKE_TIMEOUT_MS);
    closeTimer.unref();
  }

  function startClosing(code: number, reason = ""): void {
    if (state !== "open") return;
    state = "closing";
    write(encodeCloseFrame(code, reason));
    dropSoon();
  }

  function receiveFrame({ fin, opcode, payload }: WebSocketFrame): void {
    switch (opcode) {
      case WEBSOCKET_OPCODE.ping:
        write(encodeWebSocketFrame(WEBSOCKET_OPCODE.pong, payload));
        return;
      case WEBSOCKET_OPCODE.pong:
        return;
      case WEBSOCKET_OPCODE.close: {
        peerCloseCode = payload.length >= 2 ? payload.readUInt16BE(0) : NORMAL_CLOSURE;
        // Echo the code to finish the handshake the peer started (§5.5.1), then end the TCP side.
        if (state === "open") write(encodeCloseFrame(peerCloseCode));
        state = "closing";
        socket.end();
        dropSoon();
        return;
      }
      case WEBSOCKET_OPCODE.text:
      case WEBSOCKET_OPCODE.binary:
        if (fragments !== undefined)
          throw new WebSocketProtocolError(1002, "new message inside a fragmented one");
        fragments = [payload];
        break;
      case WEBSOCKET_OPCODE.continuation:
        if (fragments === undefined) throw new WebSocketProtocolError(1002, "continuation without a message");
        fragments.push(payload);
        break;
      default:
        throw new WebSocketProtocolError(1002, `unknown opcode ${opcode}`);
    }
    const size = fragments.reduce((total, part) => total + part.length, 0);
    if (size > maxMessageBytes) throw new WebSocketProtocolError(1009, "message too large");
    if (!fin) return;
    const message = Buffer.concat(fragments).toString("utf8");
    fragments = undefined;
    if (state === "open") onMessage(message);
  }

  socket.on("data", (chunk: Buffer) => {
    if (state === "closed") return;
    try {
      for (const frame of reader.push(chunk)) receiveFrame(frame);
    } catch (error) {
      if (!(error instanceof WebSocketProtocolError)) throw error;
      startClosing(error.closeCode, error.message);
    }
  });
  socket.on("error", () => socket.destroy());
  socket.on("close", () => {
    state = "closed";
    clearTimeout(closeTimer);
    onClose?.(peerCloseCode);
  });
  if (head.length > 0) socket.emit("data", head);

  return {
    get isOpen() {
      return state === "open";
    },
    send(text) {
      if (state !== "open") return false;
      write(encodeWebSocketFrame(WEBSOCKET_OPCODE.text, Buffer.from(text, "utf8")));
      return true;
    },
    close: (code = NORMAL_CLOSURE, reason = "") => startClosing(code, reason),
    terminate: () => socket.destroy(),
  };
}

/** Answers an upgrade request with a plain HTTP error and closes the socket. */
export function refuseWebSocket(
  socket: Duplex,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  const body = Buffer.from(message, "utf8");
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}`,
      "Content-Type: text/plain; charset=utf-8",
      `Content-Length: ${body.length}`,
      "Connection: close",
      ...extra,
      "",
      message,
    ].join("\r\n"),
  );
}
