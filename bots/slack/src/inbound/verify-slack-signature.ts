import type { IncomingHttpHeaders } from "node:http";
import { isValidSlackRequest } from "@slack/bolt";

/** Slack refuses to sign with a clock further off than this, and so do we. */
export const SLACK_MAX_CLOCK_SKEW_SECONDS = 5 * 60;

export type SignatureCheck =
  | { ok: true }
  | { ok: false; reason: "missing_signature" | "stale_timestamp" | "bad_signature" };

/**
 * Checks the `v0` signature with Bolt's own verifier, over the raw body bytes. The reason of a
 * failure only goes to our logs: the answer to the caller is a bare 401 either way.
 */
export function verifySlackSignature({
  signingSecret,
  headers,
  rawBody,
  nowMs = Date.now(),
}: {
  signingSecret: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  nowMs?: number;
}): SignatureCheck {
  const signature = headers["x-slack-signature"];
  const timestamp = Number(headers["x-slack-request-timestamp"]);
  if (typeof signature !== "string" || !Number.isFinite(timestamp))
    return { ok: false, reason: "missing_signature" };
  // Bolt checks only for old timestamps; a far-future one is as suspicious.
  if (Math.abs(nowMs / 1000 - timestamp) > SLACK_MAX_CLOCK_SKEW_SECONDS)
    return { ok: false, reason: "stale_timestamp" };
  const valid = isValidSlackRequest({
    signingSecret,
    body: rawBody,
    headers: { "x-slack-signature": signature, "x-slack-request-timestamp": timestamp },
    nowMilliseconds: nowMs,
  });
  return valid ? { ok: true } : { ok: false, reason: "bad_signature" };
}
