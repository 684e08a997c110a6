import { createHmac, randomUUID } from "node:crypto";

export interface GithubWebhookHeaders {
  "x-github-event": string;
  "x-github-delivery": string;
  "x-hub-signature-256": string;
  "content-type": "application/json";
  "user-agent": string;
}

/**
 * The headers GitHub sends with a webhook: `X-Hub-Signature-256` is `sha256=` and the hex
 * HMAC-SHA256 of the exact body bytes under the webhook secret.
 */
export function signGithubWebhook({
  secret,
  event,
  body,
  deliveryId = randomUUID(),
}: {
  secret: string;
  event: string;
  body: string;
  deliveryId?: string;
}): GithubWebhookHeaders {
  return {
    "x-github-event": event,
    "x-github-delivery": deliveryId,
    "x-hub-signature-256": `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`,
    "content-type": "application/json",
    "user-agent": "GitHub-Hookshot/baton-tests",
  };
}
