import type { GithubWebhook } from "./github-webhook-builders.js";
import { signGithubWebhook } from "./sign-github-webhook.js";

export interface GithubPostResult {
  status: number;
  body: string;
  deliveryId: string;
}

export interface PostGithubWebhookOptions {
  /** The gateway's base URL; the webhook goes to `POST /api/github/webhooks`. */
  url: string;
  webhook: GithubWebhook;
  secret: string;
  /** A redelivery reuses the first delivery's id. */
  deliveryId?: string;
  /** Overrides the computed signature (to test refusals). */
  signature?: string;
}

/** Signs a webhook as GitHub does and delivers it to the gateway. */
export async function postGithubWebhook({
  url,
  webhook,
  secret,
  deliveryId,
  signature,
}: PostGithubWebhookOptions): Promise<GithubPostResult> {
  const body = JSON.stringify(webhook.payload);
  const headers = signGithubWebhook({ secret, event: webhook.event, body, deliveryId });
  if (signature !== undefined) headers["x-hub-signature-256"] = signature;
  const response = await fetch(`${url}/api/github/webhooks`, {
    method: "POST",
    body,
    headers: { ...headers },
  });
  return { status: response.status, body: await response.text(), deliveryId: headers["x-github-delivery"] };
}
