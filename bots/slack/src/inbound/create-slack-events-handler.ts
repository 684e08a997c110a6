import type { IncomingMessage, ServerResponse } from "node:http";
import { createLogThrottle, type Logger, readBody } from "@baton/core";
import type { BoltDispatchReceiver } from "./bolt-dispatch-receiver.js";
import type { SlackEventRouter } from "./route-slack-event.js";
import { verifySlackSignature } from "./verify-slack-signature.js";

export interface SlackEventsHandlerOptions {
  signingSecret: string;
  routeEvent: SlackEventRouter;
  /** Interactions, slash commands and options go to the Bolt App through this receiver. */
  receiver: BoltDispatchReceiver;
  logger: Logger;
  nowMs?: () => number;
}

export type SlackEventsHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/**
 * `POST /slack/events` over HTTP. Between arrival and the answer there is only: read (≤ 1 MiB),
 * verify the signature (Slack's v0 scheme, checked against Bolt's verifier in tests), parse, and route (dedupe, persist, enqueue). Anything
 * slower happens in the worker, well inside Slack's 3-second deadline.
 */
export function createSlackEventsHandler({
  signingSecret,
  routeEvent,
  receiver,
  logger,
  nowMs = Date.now,
}: SlackEventsHandlerOptions): SlackEventsHandler {
  const log = logger.child({ component: "bots.slack" });
  const rejections = createLogThrottle();

  return async function handleSlackEvents(request, response) {
    const retryNum = Number(request.headers["x-slack-retry-num"] ?? 0) || undefined;
    const body = await readBody(request);
    if (body.kind === "too_large") return refuse(response, 413, "body_too_large");
    if (body.kind === "aborted") return;
    const rawBody = body.body.toString("utf8");
    const signature = verifySlackSignature({
      signingSecret,
      headers: request.headers,
      rawBody,
      nowMs: nowMs(),
    });
    if (!signature.ok) {
      // One answer for every failed check, so a caller cannot tell a stale clock from a wrong
      // secret; the reason goes only to our logs.
      return refuse(response, 401, signature.reason, "unauthorized");
    }

    if ((request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) {
      const payload = parseFormBody(rawBody);
      if (!payload) return refuse(response, 400, "malformed_payload");
      const acked = await receiver.dispatch(payload, { num: retryNum });
      return answer(response, acked.status, acked.body, acked.contentType);
    }

    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      return refuse(response, 400, "malformed_json");
    }
    const outcome = await routeEvent(json, retryNum);
    if (outcome.kind === "challenge")
      return answer(response, 200, JSON.stringify({ challenge: outcome.challenge }), "application/json");
    if (outcome.kind === "invalid")
      return answer(response, 400, JSON.stringify({ error: outcome.reason }), "application/json");
    answer(response, 200, "");
  };

  function refuse(response: ServerResponse, status: number, reason: string, shown = reason): void {
    const { log: logNow, suppressed } = rejections.take(reason);
    if (logNow) log.warn("bots.slack.request_rejected", { status, reason, outcome: "rejected", suppressed });
    answer(response, status, JSON.stringify({ error: shown }), "application/json");
  }
}

function answer(response: ServerResponse, status: number, body: string, contentType = "text/plain"): void {
  response
    .writeHead(status, { "content-type": contentType, "content-length": Buffer.byteLength(body) })
    .end(body);
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
