import { createHmac } from "node:crypto";
import { verifySlackRequest } from "@slack/bolt";
import { describe, expect, it } from "vitest";
import { signSlackRequest } from "./sign-slack-request.js";

const signingSecret = "8f742231b10e8888abcd99yyyzzz85a5";

// Bolt types the timestamp header as a number because its receivers convert it before verifying.
function verifyWithBolt(body: string, headers: ReturnType<typeof signSlackRequest>) {
  verifySlackRequest({
    signingSecret,
    body,
    headers: {
      "x-slack-signature": headers["x-slack-signature"],
      "x-slack-request-timestamp": Number(headers["x-slack-request-timestamp"]),
    },
  });
}

describe("signSlackRequest", () => {
  it("produces headers Bolt's own verifier accepts", () => {
    const body = JSON.stringify({ type: "event_callback", event: { type: "app_mention", text: "hi ✓" } });
    expect(() => verifyWithBolt(body, signSlackRequest({ signingSecret, body }))).not.toThrow();
  });

  it("fails Bolt's verifier when the body is tampered with", () => {
    const headers = signSlackRequest({ signingSecret, body: '{"text":"hi"}' });
    expect(() => verifyWithBolt('{"text":"hI"}', headers)).toThrow(/signature mismatch/);
  });

  it("fails Bolt's verifier when signed with another secret", () => {
    const body = "payload=%7B%7D";
    const headers = signSlackRequest({ signingSecret: "another-secret", body });
    expect(() => verifyWithBolt(body, headers)).toThrow(/signature mismatch/);
  });

  it("signs v0:<timestamp>:<body> with HMAC-SHA256", () => {
    const headers = signSlackRequest({ signingSecret, body: "a=b", timestamp: 1_531_420_618 });
    const expected = createHmac("sha256", signingSecret).update("v0:1531420618:a=b").digest("hex");
    expect(headers).toEqual({
      "x-slack-signature": `v0=${expected}`,
      "x-slack-request-timestamp": "1531420618",
    });
  });

  it("signs stale timestamps faithfully so receivers can be tested rejecting them", () => {
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const headers = signSlackRequest({ signingSecret, body: "{}", timestamp: tenMinutesAgo });
    expect(() => verifyWithBolt("{}", headers)).toThrow(/stale/);
  });

  it("refuses a millisecond timestamp", () => {
    expect(() => signSlackRequest({ signingSecret, body: "{}", timestamp: Date.now() })).toThrow(
      /whole seconds/,
    );
  });
});
