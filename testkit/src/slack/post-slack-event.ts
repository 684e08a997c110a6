import { postSignedSlackRequest, type SlackPostResult } from "./post-signed-slack-request.js";

export interface PostSlackEventOptions {
  signingSecret: string;
  /** Marks the delivery as Slack's retry number N (1–3), as Slack does after a slow or failed ack. */
  retryNum?: number;
  retryReason?: "http_timeout" | "http_error" | "too_many_requests" | "unknown_error";
  /** Unix time in seconds; defaults to now. */
  timestamp?: number;
  fetch?: typeof globalThis.fetch;
}

/**
 * Delivers an Events API payload the way Slack does: JSON body, signed, with the retry headers
 * when it is a redelivery. Pass a string to send exact bytes (e.g. to sign one body and send another).
 *
 * @example
 * const envelope = buildAppMentionEvent({ teamId: "T1", channelId: "C1", userId: "U1", text: "<@U0FAKEBOT> hi" });
 * const { status } = await postSlackEvent(`${gatewayUrl}/slack/events`, envelope, { signingSecret });
 */
export function postSlackEvent(
  url: string,
  envelope: object | string,
  { signingSecret, retryNum, retryReason = "http_timeout", timestamp, fetch }: PostSlackEventOptions,
): Promise<SlackPostResult> {
  const body = typeof envelope === "string" ? envelope : JSON.stringify(envelope);
  const headers: Record<string, string> =
    retryNum === undefined
      ? {}
      : { "x-slack-retry-num": String(retryNum), "x-slack-retry-reason": retryReason };
  return postSignedSlackRequest({
    url,
    body,
    contentType: "application/json",
    signingSecret,
    timestamp,
    headers,
    fetch,
  });
}
