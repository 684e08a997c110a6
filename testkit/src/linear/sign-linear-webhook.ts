import { createHmac, randomUUID } from "node:crypto";

export type LinearWebhookHeaders = {
  "linear-signature": string;
  "linear-delivery": string;
  "linear-event": string;
};

/**
 * Signs a webhook body as Linear does: `linear-signature` is the hex HMAC-SHA256 of the raw body
 * under the webhook's signing secret. The body's `webhookTimestamp` (ms) is covered by it.
 *
 * @example
 * const body = JSON.stringify(buildAgentSessionEvent({ action: "created", ... }));
 * const headers = signLinearWebhook({ secret, body, event: "AgentSessionEvent" });
 */
export function signLinearWebhook({
  secret,
  body,
  event,
  deliveryId = randomUUID(),
}: {
  secret: string;
  /** The exact bytes that will be sent. */
  body: string;
  /** The `linear-event` header: the payload's `type` (`AgentSessionEvent`, `Issue`, …). */
  event: string;
  deliveryId?: string;
}): LinearWebhookHeaders {
  return {
    "linear-signature": createHmac("sha256", secret).update(body).digest("hex"),
    "linear-delivery": deliveryId,
    "linear-event": event,
  };
}

export interface PostLinearWebhookResult {
  status: number;
  body: string;
  deliveryId: string;
}

/** Signs `payload` and POSTs it to `url` with Linear's headers. */
export async function postLinearWebhook({
  url,
  secret,
  payload,
  deliveryId = randomUUID(),
  signature,
}: {
  url: string;
  secret: string;
  payload: { type: string } & Record<string, unknown>;
  deliveryId?: string;
  /** Sends this signature instead of the right one. */
  signature?: string;
}): Promise<PostLinearWebhookResult> {
  const body = JSON.stringify(payload);
  const headers = signLinearWebhook({ secret, body, event: payload.type, deliveryId });
  const response = await fetch(url, {
    method: "POST",
    body,
    headers: {
      ...headers,
      ...(signature === undefined ? {} : { "linear-signature": signature }),
      "content-type": "application/json; charset=utf-8",
      "user-agent": "Linear-Webhook",
    },
  });
  return { status: response.status, body: await response.text(), deliveryId };
}
