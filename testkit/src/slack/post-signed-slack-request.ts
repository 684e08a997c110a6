import { signSlackRequest } from "./sign-slack-request.js";

/** The receiver's response, read in full so tests can assert on it after the connection is done. */
export interface SlackPostResult {
  status: number;
  body: string;
  headers: Record<string, string>;
}

export interface PostSignedSlackRequestOptions {
  url: string;
  body: string;
  contentType: string;
  signingSecret: string;
  timestamp?: number;
  headers?: Record<string, string>;
  fetch?: typeof globalThis.fetch;
}

/** Signs `body` like Slack and POSTs it: the transport shared by events and interactions. */
export async function postSignedSlackRequest({
  url,
  body,
  contentType,
  signingSecret,
  timestamp,
  headers = {},
  fetch = globalThis.fetch,
}: PostSignedSlackRequestOptions): Promise<SlackPostResult> {
  const signature = signSlackRequest({ signingSecret, body, timestamp });
  const response = await fetch(url, {
    method: "POST",
    body,
    headers: { "content-type": contentType, ...signature, ...headers },
  });
  return {
    status: response.status,
    body: await response.text(),
    headers: Object.fromEntries(response.headers.entries()),
  };
}
