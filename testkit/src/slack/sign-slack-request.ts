import { createHmac } from "node:crypto";

export interface SignSlackRequestOptions {
  signingSecret: string;
  /** The exact body bytes that will be sent; any re-serialization breaks the signature. */
  body: string;
  /** Unix time in seconds (not milliseconds). Defaults to now. */
  timestamp?: number;
}

export interface SlackSignatureHeaders {
  "x-slack-signature": string;
  "x-slack-request-timestamp": string;
}

// Anything above this is a millisecond timestamp passed by mistake; verifiers would not call it stale.
const MAX_PLAUSIBLE_TIMESTAMP_SECONDS = 100_000_000_000;

/**
 * Signs a request body the way Slack does (signing secret version `v0`): an HMAC-SHA256 of
 * `v0:<timestamp>:<body>`, hex encoded. Bolt's `verifySlackRequest` accepts the result.
 *
 * @example
 * const body = JSON.stringify(buildUrlVerification("abc"));
 * const headers = signSlackRequest({ signingSecret: "secret", body });
 * await fetch(url, { method: "POST", body, headers: { ...headers, "content-type": "application/json" } });
 */
export function signSlackRequest({
  signingSecret,
  body,
  timestamp = Math.floor(Date.now() / 1000),
}: SignSlackRequestOptions): SlackSignatureHeaders {
  if (!Number.isInteger(timestamp) || timestamp > MAX_PLAUSIBLE_TIMESTAMP_SECONDS) {
    throw new RangeError(`signSlackRequest needs a timestamp in whole seconds, got ${timestamp}.`);
  }
  const digest = createHmac("sha256", signingSecret).update(`v0:${timestamp}:${body}`).digest("hex");
  return { "x-slack-signature": `v0=${digest}`, "x-slack-request-timestamp": String(timestamp) };
}
