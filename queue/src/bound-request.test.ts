import { MAX_PROMPT_CHARS, type SessionRequest, sessionRequestSchema } from "@baton/core";
import { describe, expect, it } from "vitest";
import { boundRequest } from "./bound-request.js";

const request = (text: string): SessionRequest => ({
  version: 1,
  id: "r_1",
  deliveryId: "Ev1",
  conversation: { platform: "slack", teamId: "T1", channelId: "C1", threadTs: "1.2" },
  actor: { platform: "slack", id: "U1" },
  text,
  attachments: [],
  hints: {},
  context: {},
  receivedAt: new Date(0).toISOString(),
});

describe("boundRequest", () => {
  it("keeps a request that fits as it is", () => {
    expect(boundRequest(request("fix the build"))).toEqual({
      request: request("fix the build"),
      droppedChars: 0,
    });
  });

  it("cuts an oversized text to the limit with a note, never inside an entity or a surrogate pair", () => {
    const text = `${"a".repeat(39_700)}${"&amp;".repeat(100)}${"😀".repeat(5_000)}`;
    const { request: bounded, droppedChars } = boundRequest(request(text));
    expect(bounded.text.length).toBeLessThanOrEqual(MAX_PROMPT_CHARS);
    expect(sessionRequestSchema.safeParse(bounded).success).toBe(true);
    expect(bounded.text).toContain("Baton cut this request");
    expect(bounded.text).toContain(text.length.toLocaleString("en-US"));
    const kept = bounded.text.slice(0, bounded.text.indexOf("\n\n[Baton cut"));
    expect(kept).toMatch(/^a+(&amp;)*$/);
    expect(droppedChars).toBe(text.length - kept.length);
  });
});
