import type { IncomingHttpHeaders } from "node:http";
import { LinearWebhookClient } from "@linear/sdk/webhooks";

export type LinearWebhookVerification =
  | { ok: true }
  | {
      ok: false;
      status: 400 | 401;
      reason: "missing_signature" | "bad_signature" | "stale_timestamp" | "malformed_json";
    };

/**
 * Checks a webhook with the SDK's own verifier before anything reads the body: the hex
 * HMAC-SHA256 of the raw bytes in `linear-signature` (compared in constant time), then the signed
 * `webhookTimestamp`, which must be within a minute of now so that a captured request cannot be
 * replayed later.
 */
export function createLinearWebhookVerifier(secret: string) {
  const client = new LinearWebhookClient(secret);
  return function verifyLinearWebhook(
    rawBody: Buffer,
    headers: IncomingHttpHeaders,
  ): LinearWebhookVerification {
    const signature = headers["linear-signature"];
    if (typeof signature !== "string" || signature.length === 0)
      return { ok: false, status: 401, reason: "missing_signature" };
    try {
      client.verify(rawBody, signature);
      return { ok: true };
    } catch (error) {
      // The verifier reads the timestamp from the (already authenticated) body.
      if (error instanceof SyntaxError) return { ok: false, status: 400, reason: "malformed_json" };
      const message = (error as Error).message;
      return /timestamp/i.test(message)
        ? { ok: false, status: 400, reason: "stale_timestamp" }
        : { ok: false, status: 401, reason: "bad_signature" };
    }
  };
}
