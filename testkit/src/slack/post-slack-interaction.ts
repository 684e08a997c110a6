import { postSignedSlackRequest, type SlackPostResult } from "./post-signed-slack-request.js";

export interface PostSlackInteractionOptions {
  signingSecret: string;
  /** Unix time in seconds; defaults to now. */
  timestamp?: number;
  fetch?: typeof globalThis.fetch;
}

/**
 * Delivers an interactivity payload (button click, view submission, shortcut) the way Slack does:
 * a form body with a single `payload` field holding the JSON, signed over the encoded form.
 *
 * @example
 * await postSlackInteraction(`${gatewayUrl}/slack/interactions`, { type: "block_actions", actions: [] }, { signingSecret });
 */
export function postSlackInteraction(
  url: string,
  payload: object,
  { signingSecret, timestamp, fetch }: PostSlackInteractionOptions,
): Promise<SlackPostResult> {
  const body = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
  return postSignedSlackRequest({
    url,
    body,
    contentType: "application/x-www-form-urlencoded",
    signingSecret,
    timestamp,
    fetch,
  });
}
