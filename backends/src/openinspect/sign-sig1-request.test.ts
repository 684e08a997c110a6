import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseSig1Header } from "./parse-sig1-header.js";
import { canonicalizeQuery, sha256Hex, signSig1Request } from "./sign-sig1-request.js";
import { verifySig1Request } from "./verify-sig1-request.js";

// Open-Inspect's own golden vectors (MIT), kept as data beside the signer.
const vectorsSchema = z.object({
  vectors: z.array(
    z.object({
      name: z.string(),
      service: z.string(),
      secret: z.string(),
      timestampMs: z.number(),
      nonce: z.string(),
      method: z.string(),
      url: z.string(),
      body: z.string().optional(),
      bodyBase64: z.string().optional(),
      actor: z.string(),
      expect: z.object({
        pathname: z.string(),
        canonicalQuery: z.string(),
        bodySha256Hex: z.string(),
        canonicalString: z.string(),
        signatureHeader: z.string(),
      }),
    }),
  ),
  malformedHeaders: z.array(z.object({ header: z.string(), reason: z.literal("format") })),
});
const golden = vectorsSchema.parse(
  JSON.parse(readFileSync(new URL("./sig1-vectors.test.json", import.meta.url), "utf8")),
);

describe("sig1 golden vectors", () => {
  it.each(golden.vectors)("$name", (vector) => {
    const body = vector.bodyBase64 !== undefined ? Buffer.from(vector.bodyBase64, "base64") : vector.body;
    const signed = signSig1Request({ ...vector, body });
    expect(canonicalizeQuery(new URL(vector.url).search)).toBe(vector.expect.canonicalQuery);
    expect(sha256Hex(body)).toBe(vector.expect.bodySha256Hex);
    expect(new URL(vector.url).pathname).toBe(vector.expect.pathname);
    expect(signed.canonicalString).toBe(vector.expect.canonicalString);
    expect(signed.header).toBe(vector.expect.signatureHeader);
    const verified = verifySig1Request({
      service: vector.service,
      header: signed.header,
      method: vector.method,
      url: vector.url,
      body: body === undefined ? new Uint8Array() : Buffer.from(body),
      actor: vector.actor,
      secrets: { [vector.service]: vector.secret },
      nowMs: vector.timestampMs,
    });
    expect(verified).toEqual({ ok: true, service: vector.service });
  });

  it.each(golden.malformedHeaders)("refuses the malformed header %j", ({ header }) => {
    expect(parseSig1Header(header)).toEqual({ ok: false, reason: "format" });
  });
});

describe("verifySig1Request", () => {
  const base = {
    service: "slack-bot",
    method: "POST",
    url: "http://127.0.0.1/sessions",
    body: Buffer.from("{}"),
    actor: "slack:U1",
    secrets: { "slack-bot": "right" },
  };
  const signedWith = (secret: string, timestampMs = Date.now()) =>
    signSig1Request({ ...base, secret, body: "{}", timestampMs }).header;

  it("accepts the right secret and refuses a wrong one, a changed actor, a stale clock or an unknown identity", () => {
    expect(verifySig1Request({ ...base, header: signedWith("right") }).ok).toBe(true);
    expect(verifySig1Request({ ...base, header: signedWith("wrong") })).toEqual({
      ok: false,
      reason: "mismatch",
    });
    expect(verifySig1Request({ ...base, actor: "slack:U2", header: signedWith("right") })).toEqual({
      ok: false,
      reason: "mismatch",
    });
    expect(verifySig1Request({ ...base, header: signedWith("right", Date.now() - 6 * 60_000) })).toEqual({
      ok: false,
      reason: "stale",
    });
    expect(verifySig1Request({ ...base, service: "web", header: signedWith("right") })).toEqual({
      ok: false,
      reason: "unknown_service",
    });
  });
});
