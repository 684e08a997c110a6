import { createHmac } from "node:crypto";
import { isValidSlackRequest } from "@slack/bolt";
import { describe, expect, it } from "vitest";
import { verifySlackSignature } from "./verify-slack-signature.js";

const SECRET = "test-signing-secret";
const NOW_MS = 1_700_000_000_000;
const NOW_S = NOW_MS / 1000;
const BODY = JSON.stringify({ type: "event_callback", event_id: "Ev1", text: "héllo <@U1>" });

function sign(body: string, timestamp: number | string, secret = SECRET, version = "v0"): string {
  return `${version}=${createHmac("sha256", secret).update(`${version}:${timestamp}:${body}`).digest("hex")}`;
}

function headersFor(signature: string | undefined, timestamp: string | undefined) {
  return {
    ...(signature === undefined ? {} : { "x-slack-signature": signature }),
    ...(timestamp === undefined ? {} : { "x-slack-request-timestamp": timestamp }),
  };
}

const cases: Array<{ name: string; signature?: string; timestamp?: string; body?: string }> = [
  { name: "Slack's own signature", signature: sign(BODY, NOW_S), timestamp: String(NOW_S) },
  { name: "another secret", signature: sign(BODY, NOW_S, "another-secret"), timestamp: String(NOW_S) },
  { name: "a tampered body", signature: sign(BODY, NOW_S), timestamp: String(NOW_S), body: `${BODY} ` },
  { name: "another timestamp", signature: sign(BODY, NOW_S - 1), timestamp: String(NOW_S) },
  { name: "an unknown version", signature: sign(BODY, NOW_S, SECRET, "v1"), timestamp: String(NOW_S) },
  { name: "a truncated signature", signature: sign(BODY, NOW_S).slice(0, -2), timestamp: String(NOW_S) },
  { name: "an upper-case signature", signature: sign(BODY, NOW_S).toUpperCase(), timestamp: String(NOW_S) },
];

describe("verifySlackSignature", () => {
  it.each(cases)("agrees with Bolt's verifier on $name", ({ signature, timestamp, body = BODY }) => {
    const ours = verifySlackSignature({
      signingSecret: SECRET,
      headers: headersFor(signature, timestamp),
      rawBody: body,
      nowMs: NOW_MS,
    });
    const bolts = isValidSlackRequest({
      signingSecret: SECRET,
      body,
      headers: { "x-slack-signature": signature ?? "", "x-slack-request-timestamp": Number(timestamp) },
      nowMilliseconds: NOW_MS,
    });
    expect(ours.ok).toBe(bolts);
    if (!ours.ok) expect(ours.reason).toBe("bad_signature");
  });

  it("refuses a request without a signature or a timestamp before computing anything", () => {
    for (const [signature, timestamp] of [
      [undefined, String(NOW_S)],
      [sign(BODY, NOW_S), undefined],
      [sign(BODY, NOW_S), "soon"],
    ] as const) {
      const check = verifySlackSignature({
        signingSecret: SECRET,
        headers: headersFor(signature, timestamp),
        rawBody: BODY,
        nowMs: NOW_MS,
      });
      expect(check).toEqual({ ok: false, reason: "missing_signature" });
    }
  });

  it("refuses a timestamp more than five minutes off, in the past or in the future", () => {
    for (const offset of [-301, 301]) {
      const timestamp = NOW_S + offset;
      const check = verifySlackSignature({
        signingSecret: SECRET,
        headers: headersFor(sign(BODY, timestamp), String(timestamp)),
        rawBody: BODY,
        nowMs: NOW_MS,
      });
      expect(check).toEqual({ ok: false, reason: "stale_timestamp" });
    }
  });
});
