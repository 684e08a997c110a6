/** The RFC 6455 opcodes (§5.2) the fake servers read and write. */
export const WEBSOCKET_OPCODE = {
  continuation: 0x0,
  text: 0x1,
  binary: 0x2,
  close: 0x8,
  ping: 0x9,
  pong: 0xa,
} as const;

/** Largest payload that fits the 7-bit length; 126 and 127 announce a 16- or 64-bit length. */
const SHORT_PAYLOAD_MAX_BYTES = 125;
const MEDIUM_PAYLOAD_MAX_BYTES = 0xffff;
const FIN_BIT = 0x80;

/**
 * Encodes one final, unmasked frame as a server sends it (RFC 6455 §5.1: only clients mask).
 *
 * @example
 * socket.write(encodeWebSocketFrame(WEBSOCKET_OPCODE.text, Buffer.from('{"type":"hello"}')));
 */
export function encodeWebSocketFrame(opcode: number, payload: Buffer = Buffer.alloc(0)): Buffer {
  const length = payload.length;
  let header: Buffer;
  if (length <= SHORT_PAYLOAD_MAX_BYTES) {
    header = Buffer.alloc(2);
    header[1] = length;
  } else if (length <= MEDIUM_PAYLOAD_MAX_BYTES) {
    header = Buffer.alloc(4);
    header[1] = 126;
    header.writeUInt16BE(length, 2);
  } else {
    header = Buffer.alloc(10);
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  header[0] = FIN_BIT | opcode;
  return Buffer.concat([header, payload]);
}

/** A close frame's payload: the status code, then an optional UTF-8 reason (§5.5.1). */
export function encodeCloseFrame(code: number, reason = ""): Buffer {
  const payload = Buffer.alloc(2 + Buffer.byteLength(reason));
  payload.writeUInt16BE(code, 0);
  payload.write(reason, 2, "utf8");
  return encodeWebSocketFrame(WEBSOCKET_OPCODE.close, payload);
}
