import { describe, expect, it } from "vitest";
import { createWebSocketFrameReader, WebSocketProtocolError } from "./create-websocket-frame-reader.js";
import { encodeWebSocketFrame, WEBSOCKET_OPCODE } from "./encode-websocket-frame.js";

/** A client frame: the server encoding with the mask bit set and the payload masked (RFC 6455 §5.3). */
function maskedFrame(opcode: number, payload: Buffer, { fin = true } = {}): Buffer {
  const unmasked = encodeWebSocketFrame(opcode, payload);
  const headerLength = unmasked.length - payload.length;
  const mask = Buffer.from([0x12, 0x34, 0x56, 0x78]);
  const header = Buffer.from(unmasked.subarray(0, headerLength));
  header[0] = (fin ? 0x80 : 0) | opcode;
  header[1] = header[1]! | 0x80;
  const masked = Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]!));
  return Buffer.concat([header, mask, masked]);
}

describe("createWebSocketFrameReader", () => {
  it("unmasks frames of every length encoding, even when they arrive a byte at a time", () => {
    const reader = createWebSocketFrameReader({ maxPayloadBytes: 1 << 20 });
    const payloads = [Buffer.from("hi"), Buffer.alloc(300, "a"), Buffer.alloc(70_000, "b")];
    const wire = Buffer.concat(payloads.map((payload) => maskedFrame(WEBSOCKET_OPCODE.text, payload)));

    const frames = [];
    for (let i = 0; i < 200; i += 1) frames.push(...reader.push(wire.subarray(i, i + 1)));
    frames.push(...reader.push(wire.subarray(200)));

    expect(frames.map((frame) => frame.payload)).toEqual(payloads);
    expect(frames.every((frame) => frame.fin && frame.opcode === WEBSOCKET_OPCODE.text)).toBe(true);
  });

  it("keeps the fin bit so fragments can be joined", () => {
    const reader = createWebSocketFrameReader({ maxPayloadBytes: 1024 });
    const wire = Buffer.concat([
      maskedFrame(WEBSOCKET_OPCODE.text, Buffer.from("hel"), { fin: false }),
      maskedFrame(WEBSOCKET_OPCODE.continuation, Buffer.from("lo")),
    ]);

    expect(reader.push(wire).map(({ fin, opcode }) => ({ fin, opcode }))).toEqual([
      { fin: false, opcode: WEBSOCKET_OPCODE.text },
      { fin: true, opcode: WEBSOCKET_OPCODE.continuation },
    ]);
  });

  it("rejects unmasked client frames and oversized payloads with the close code to use", () => {
    const unmasked = createWebSocketFrameReader({ maxPayloadBytes: 1024 });
    expect(() => unmasked.push(encodeWebSocketFrame(WEBSOCKET_OPCODE.text, Buffer.from("x")))).toThrow(
      expect.objectContaining({ closeCode: 1002 }),
    );

    const small = createWebSocketFrameReader({ maxPayloadBytes: 10 });
    const tooBig = () => small.push(maskedFrame(WEBSOCKET_OPCODE.text, Buffer.alloc(11)));
    expect(tooBig).toThrow(WebSocketProtocolError);
    expect(tooBig).toThrow(expect.objectContaining({ closeCode: 1009 }));
  });
});
