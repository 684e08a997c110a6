import type { IncomingMessage } from "node:http";
import { createWebhookRoute, type HttpRoute, type Logger, webhookRefusal, webhookText } from "@baton/core";
import { SLACK_EVENTS_PATH } from "../manifest/build-slack-manifest.js";
import type { BoltDispatchReceiver } from "./bolt-dispatch-receiver.js";
import type { SlackEventRouter } from "./route-slack-event.js";
import { verifySlackSignature } from "./verify-slack-signature.js";

export interface SlackEventsRouteOptions {
  signingSecret: string;
  routeEvent: SlackEventRouter;
  /** Interactions, slash commands and options go to the Bolt App through this receiver. */
  receiver: BoltDispatchReceiver;
  logger: Logger;
  nowMs?: () => number;
}

/** An interaction or a slash command, posted as a form (events come as JSON). */
class SlackForm {
  constructor(readonly payload: Record<string, unknown>) {}
}

const VERIFIED = { ok: true } as const;
const MALFORMED_PAYLOAD = webhookRefusal({ status: 400, reason: "malformed_payload" });
const MALFORMED_JSON = webhookRefusal({ status: 400, reason: "malformed_json" });

/**
 * `POST /slack/events` over HTTP. Between arrival and the answer there is only: read (≤ 1 MiB),
 * verify the signature (Slack's v0 scheme, checked against Bolt's verifier in tests), parse, and
 * route (dedupe, persist, enqueue). Anything slower happens in the worker, well inside Slack's
 * 3-second deadline.
 */
export function createSlackEventsRoute({
  signingSecret,
  routeEvent,
  receiver,
  logger,
  nowMs = Date.now,
}: SlackEventsRouteOptions): HttpRoute {
  return createWebhookRoute<string, unknown>({
    path: SLACK_EVENTS_PATH,
    component: "bots.slack",
    logger,
    // A flood of unsigned requests must not flood the logs.
    throttleRejectionLogs: true,
    decode: webhookText,
    verify(rawBody, request) {
      const signature = verifySlackSignature({
        signingSecret,
        headers: request.headers,
        rawBody,
        nowMs: nowMs(),
      });
      // One answer for every failed check, so a caller cannot tell a stale clock from a wrong
      // secret; the reason goes only to our logs.
      return signature.ok
        ? VERIFIED
        : { ok: false, status: 401, reason: signature.reason, shown: "unauthorized" };
    },
    parse(rawBody, request) {
      if (isForm(request)) {
        const form = parseFormBody(rawBody);
        return form ? new SlackForm(form) : MALFORMED_PAYLOAD;
      }
      try {
        return JSON.parse(rawBody) as unknown;
      } catch {
        return MALFORMED_JSON;
      }
    },
    async receive(payload, request, response, replies) {
      const retryNum = Number(request.headers["x-slack-retry-num"] ?? 0) || undefined;
      if (payload instanceof SlackForm) {
        const acked = await receiver.dispatch(payload.payload, { num: retryNum });
        return replies.text(response, acked.status, acked.body, acked.contentType);
      }
      const outcome = await routeEvent(payload, retryNum);
      if (outcome.kind === "challenge") return replies.json(response, 200, { challenge: outcome.challenge });
      if (outcome.kind === "invalid") return replies.json(response, 400, { error: outcome.reason });
      replies.text(response, 200, "");
    },
  });
}

function isForm(request: IncomingMessage): boolean {
  return (request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");
}

/**
 * Interactions arrive as `payload=<json>`; slash commands as plain form fields, `command` among
 * them. Any other form is nothing Slack sends, and Bolt would answer it with a 500.
 */
function parseFormBody(rawBody: string): Record<string, unknown> | null {
  const form = new URLSearchParams(rawBody);
  const payload = form.get("payload");
  if (payload === null) return form.get("command") ? Object.fromEntries(form) : null;
  try {
    const parsed: unknown = JSON.parse(payload);
    // Every interaction names its `type`; Bolt cannot route one that does not.
    const isInteraction =
      typeof parsed === "object" &&
      parsed !== null &&
      typeof (parsed as { type?: unknown }).type === "string";
    return isInteraction ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
