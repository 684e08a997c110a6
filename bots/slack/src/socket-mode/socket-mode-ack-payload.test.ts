import { describe, expect, it } from "vitest";
import { socketModeAckPayload } from "./socket-mode-ack-payload.js";

const json = "application/json; charset=utf-8";

describe("socketModeAckPayload", () => {
  it("parses a JSON object body, keeps text, and sends nothing for an empty or failed ack", () => {
    expect(socketModeAckPayload({ status: 200, body: '{"options":[]}', contentType: json })).toEqual({
      options: [],
    });
    expect(socketModeAckPayload({ status: 200, body: "On it", contentType: "text/plain" })).toBe("On it");
    expect(socketModeAckPayload({ status: 200, body: "", contentType: "text/plain" })).toBeUndefined();
    expect(socketModeAckPayload({ status: 500, body: '{"error":"x"}', contentType: json })).toBeUndefined();
  });

  it("falls back to text when a JSON body is not an object", () => {
    expect(socketModeAckPayload({ status: 200, body: "[1,2]", contentType: json })).toBe("[1,2]");
    expect(socketModeAckPayload({ status: 200, body: "{not json", contentType: json })).toBe("{not json");
  });
});
