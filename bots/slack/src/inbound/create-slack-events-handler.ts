import type { IncomingMessage, ServerResponse } from "node:http";
import { type Logger, readBody, type RequestIntake } from "@baton/core";
import type { BoltDispatchReceiver } from "./bolt-dispatch-receiver.js";
import { parseSlackEvent, type SlackIdentity } from "./parse-slack-event.js";
import { slackEnvelopeSchema } from "./slack-envelope.js";
import { verifySlackSignature } from "./verify-slack-signature.js";

export interface SlackEventsHandlerOptions {
  signingSecret: string;
  identity: SlackIdentity;
  intake: RequestIntake;
  /** Interactions, slash commands and options go to the Bolt App through this receiver. */
  receiver: BoltDispatchReceiver;
  logger: Logger;
  nowMs?: () => number;
}

export type SlackEventsHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

const KNOWN_ENVELOPE_TYPES = new Set(["url_verification", "event_callback", "app_rate_limited"]);

/**
 * `POST /slack/events`. Between arrival and the answer there is only: read (≤ 1 MiB), verify the
 * signature, parse, and hand the request to intake (dedupe, persist, enqueue). Anything slower
 * happens in the worker, well away from Slack's 3-second deadline.
 */
export function createSlackEventsHandler(options: SlackEventsHandlerOptions): SlackEventsHandler {
  const { signingSecret, identity, intake, receiver, logger } = options;
  const nowMs = options.nowMs ?? Date.now;
  const log = logger.child({ component: "bots.slack" });

  return async function handleSlackEvents(request, response) {
    const retryNum = Number(request.headers["x-slack-retry-num"] ?? 0) || undefined;
    const body = await readBody(request);
    if (body.kind === "too_large") return refuse(response, 413, "body_too_large");
    if (body.kind === "aborted") return;
    const rawBody = body.body.toString("utf8");
    const signature = verifySlackSignature({ signingSecret, headers: request.headers, rawBody, nowMs: nowMs() });
    if (!signature.ok) return refuse(response, 401, signature.reason);

    const contentType = request.headers["content-type"] ?? "";
    if (contentType.startsWith("application/x-www-form-urlencoded")) {
      const payload = parseFormBody(rawBody);
      if (!payload) return refuse(response, 400, "malformed_payload");
      const acked = await receiver.dispatch(payload, { num: retryNum });
      response.writeHead(acked.status, { "content-type": acked.contentType }).end(acked.body);
      return;
    }

    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      return refuse(response, 400, "malformed_json");
    }
    const type = (json as { type?: unknown } | null)?.type;
    if (typeof type !== "string" || !KNOWN_ENVELOPE_TYPES.has(type)) {
      log.info("bots.slack.event_ignored", { reason: "unknown_envelope_type", envelope_type: String(type) });
      return answer(response, 200, "");
    }
    const envelope = slackEnvelopeSchema.safeParse(json);
    if (!envelope.success) return refuse(response, 400, "wrong_schema");
    if (envelope.data.type === "url_verification") {
      return answer(response, 200, JSON.stringify({ challenge: envelope.data.challenge }), "application/json");
    }
    if (envelope.data.type === "app_rate_limited") {
      log.warn("bots.slack.app_rate_limited", {});
      return answer(response, 200, "");
    }

    const deliveryId = envelope.data.event_id;
    const parsed = parseSlackEvent(envelope.data, identity, new Date(nowMs()));
    if (parsed.kind === "ignored") {
      log.debug("bots.slack.event_ignored", { delivery_id: deliveryId, reason: parsed.reason, event_type: envelope.data.event.type });
      return answer(response, 200, "");
    }
    const result = await intake(parsed.request);
    log.info(result.kind === "accepted" ? "bots.slack.request_accepted" : "bots.slack.request_duplicate", {
      delivery_id: deliveryId,
      turn_id: result.turnId,
      retry_num: retryNum,
    });
    answer(response, 200, "");
  };

  function refuse(response: ServerResponse, status: number, reason: string): void {
    log.warn("bots.slack.request_rejected", { status, reason, outcome: "rejected" });
    answer(response, status, JSON.stringify({ error: reason }), "application/json");
  }
}

function answer(response: ServerResponse, status: number, body: string, contentType = "text/plain"): void {
  response.writeHead(status, { "content-type": contentType, "content-length": Buffer.byteLength(body) }).end(body);
}

/** Interactions arrive as `payload=<json>`; slash commands as plain form fields. */
function parseFormBody(rawBody: string): Record<string, unknown> | null {
  const form = new URLSearchParams(rawBody);
  const payload = form.get("payload");
  if (payload === null) return Object.fromEntries(form);
  try {
    const parsed: unknown = JSON.parse(payload);
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
