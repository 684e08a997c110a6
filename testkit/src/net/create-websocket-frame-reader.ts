/** One frame as read off the wire, its payload already unmasked. */
export interface WebSocketFrame {
  fin: boolean;
  opcode: number;
  payload: Buffer;
}

/** A peer broke the protocol; `closeCode` is the status to close the connection with (§7.4.1). */
export class WebSocketProtocolError extends Error {
  constructor(
    readonly closeCode: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export interface WebSocketFrameReaderOptions {
  /** Frames with a larger payload close the connection with 1009 (message too big). */
  maxPayloadBytes: number;
}

export interface WebSocketFrameReader {
  /** Adds bytes from the socket and returns every frame they complete, in order. */
  push(chunk: Buffer): WebSocketFrame[];
}

const PROTOCOL_ERROR = 1002;
const MESSAGE_TOO_BIG = 1009;
const MASK_BYTES = 4;
const CONTROL_PAYLOAD_MAX_BYTES = 125;

/**
 * Reads the frames a client sends (RFC 6455 §5.2). Client frames must be masked and, with no
 * extension negotiated, have no RSV bits set; anything else is a protocol error.
 */
export function createWebSocketFrameReader({
  maxPayloadBytes,
}: WebSocketFrameReaderOptions): WebSocketFrameReader {
  let pending: Buffer = Buffer.alloc(0);

  function readFrame(): WebSocketFrame | undefined {
    if (pending.length < 2) return undefined;
    const first = pending[0]!;
    const second = pending[1]!;
    const opcode = first & 0x0f;
    const fin = (first & 0x80) !== 0;
    if ((first & 0x70) !== 0)
      throw new WebSocketProtocolError(PROTOCOL_ERROR, "RSV bits set without an extension");
    if ((second & 0x80) === 0) throw new WebSocketProtocolError(PROTOCOL_ERROR, "client frame is not masked");
    const isControl = opcode >= 0x8;
    if (isControl && !fin) throw new WebSocketProtocolError(PROTOCOL_ERROR, "fragmented control frame");

    let offset = 2;
    let length = second & 0x7f;
    if (length === 126) {
      if (pending.length < offset + 2) return undefined;
      length = pending.readUInt16BE(offset);
      offset += 2;
    } else if (length === 127) {
      if (pending.length < offset + 8) return undefined;
      const long = pending.readBigUInt64BE(offset);
      if (long > BigInt(maxPayloadBytes))
        throw new WebSocketProtocolError(MESSAGE_TOO_BIG, "frame too large");
      length = Number(long);
      offset += 8;
    }
    if (isControl && length > CONTROL_PAYLOAD_MAX_BYTES) {
      throw new WebSocketProtocolError(PROTOCOL_ERROR, "control frame payload over 125 bytes");
    }
    if (length > maxPayloadBytes) throw new WebSocketProtocolError(MESSAGE_TOO_BIG, "frame too large");
    if (pending.length < offset + MASK_BYTES + length) return undefined;

    const mask = pending.subarray(offset, offset + MASK_BYTES);
    const payload = Buffer.from(pending.subarray(offset + MASK_BYTES, offset + MASK_BYTES + length));
    for (let i = 0; i < payload.length; i += 1) payload[i] = payload[i]! ^ mask[i % MASK_BYTES]!;
    pending = pending.subarray(offset + MASK_BYTES + length);
    return { fin, opcode, payload };
  }

  return {
    push(chunk) {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      const frames: WebSocketFrame[] = [];
      for (let frame = readFrame(); frame !== undefined; frame = readFrame()) frames.push(frame);
      return frames;
    },
  };
}
