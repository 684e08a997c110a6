import { signLinearWebhook } from "@baton/testkit";
import { describe, expect, it, vi } from "vitest";
import { createLinearWebhookVerifier } from "./verify-linear-webhook.js";

const secret = "lin_wh_secret";
const verify = createLinearWebhookVerifier(secret);

function signed(body: string, key = secret): Record<string, string> {
  return signLinearWebhook({ secret: key, body, event: "AgentSessionEvent" });
}

describe("createLinearWebhookVerifier", () => {
  it("accepts Linear's signature over the raw body with a fresh webhookTimestamp", () => {
    const payload = { type: "AgentSessionEvent", webhookTimestamp: Date.now() };
    const body = JSON.stringify(payload);
    expect(verify(Buffer.from(body), signed(body))).toEqual({ ok: true, payload });
  });

  it("hands on each body's own payload, parsed once by the SDK's verifier", () => {
    const parse = vi.spyOn(JSON, "parse");
    try {
      for (const n of [1, 2]) {
        const payload = { type: "AgentSessionEvent", webhookTimestamp: Date.now(), n };
        const body = JSON.stringify(payload);
        parse.mockClear();
        expect(verify(Buffer.from(body), signed(body))).toEqual({ ok: true, payload });
        expect(parse).toHaveBeenCalledTimes(1);
      }
    } finally {
      parse.mockRestore();
    }
  });

  it("refuses a signature made with another secret, or a body changed after signing", () => {
    const body = JSON.stringify({ type: "AgentSessionEvent", webhookTimestamp: Date.now() });
    expect(verify(Buffer.from(body), signed(body, "other"))).toMatchObject({
      ok: false,
      status: 401,
      reason: "bad_signature",
    });
    expect(verify(Buffer.from(`${body} `), signed(body))).toMatchObject({
      ok: false,
      reason: "bad_signature",
    });
    expect(verify(Buffer.from(body), {})).toMatchObject({
      ok: false,
      status: 401,
      reason: "missing_signature",
    });
  });

  it("refuses a timestamp more than a minute away, even when the signature is right", () => {
    for (const offset of [-61_000, 61_000]) {
      const body = JSON.stringify({ type: "AgentSessionEvent", webhookTimestamp: Date.now() + offset });
      expect(verify(Buffer.from(body), signed(body))).toMatchObject({
        ok: false,
        status: 400,
        reason: "stale_timestamp",
      });
    }
  });
});
