import type { IncomingMessage, ServerResponse } from "node:http";
import { type ConversationRef, type Logger, type RequestIntake, readBody } from "@baton/core";
import { agentSessionEventSchema } from "./agent-session-event-schema.js";
import type { ElicitationAnswerOutcome } from "./answer-elicitation.js";
import { parseAgentSessionEvent } from "./parse-agent-session-event.js";
import { createLinearWebhookVerifier } from "./verify-linear-webhook.js";

/** What the stop signal did, as the conversation controls tell it. */
export type LinearStopOutcome = { kind: string; result?: { stoppedTurnId: string | null } };

export interface LinearStopper {
  stop(request: { conversation: ConversationRef; userId: string | undefined }): Promise<LinearStopOutcome>;
}

export interface LinearWebhookHandlerOptions {
  webhookSecret: string;
  intake: RequestIntake;
  controls: LinearStopper;
  answerElicitation(request: Parameters<RequestIntake>[0]): Promise<ElicitationAnswerOutcome>;
  /** Makes sure Linear hears that the session stopped (after the 200): a running turn says so itself. */
  confirmStop(conversation: ConversationRef, outcome: LinearStopOutcome): Promise<void>;
  /** With a single API key: the one workspace Baton serves. OAuth serves every installed workspace. */
  organizationId?: string;
  logger: Logger;
  now?: () => Date;
}

export type LinearWebhookHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/**
 * `POST /linear/webhooks`. Before the answer there is only: read (≤ 1 MiB), verify with the SDK's
 * verifier, parse, and intake (dedupe by `linear-delivery`, persist, enqueue); the 2xx goes back
 * once the request is safely queued. Everything that talks to Linear happens in the worker.
 */
export function createLinearWebhookHandler(options: LinearWebhookHandlerOptions): LinearWebhookHandler {
  const { intake, controls, logger } = options;
  const now = options.now ?? (() => new Date());
  const verify = createLinearWebhookVerifier(options.webhookSecret);
  const log = logger.child({ component: "bots.linear" });

  function refuse(
    response: ServerResponse,
    status: number,
    reason: string,
    fields: Record<string, unknown> = {},
  ) {
    log.warn("bots.linear.request_rejected", { status, reason, outcome: "rejected", ...fields });
    answer(response, status, { error: reason });
  }

  return async function handleLinearWebhook(request, response) {
    const body = await readBody(request);
    if (body.kind === "too_large") return refuse(response, 413, "body_too_large");
    if (body.kind === "aborted") return;
    const verified = verify(body.body, request.headers);
    if (!verified.ok) return refuse(response, verified.status, verified.reason);

    const json = JSON.parse(body.body.toString("utf8")) as { type?: unknown };
    if (json?.type !== "AgentSessionEvent") {
      log.info("bots.linear.event_ignored", { reason: "unknown_event_type", event_type: String(json?.type) });
      return answer(response, 200, { ok: true, ignored: "unknown_event_type" });
    }
    const deliveryId = request.headers["linear-delivery"];
    if (typeof deliveryId !== "string" || deliveryId.length === 0)
      return refuse(response, 400, "missing_delivery_id");
    const event = agentSessionEventSchema.safeParse(json);
    if (!event.success) return refuse(response, 400, "wrong_schema", { delivery_id: deliveryId });
    if (options.organizationId && event.data.organizationId !== options.organizationId) {
      log.warn("bots.linear.event_ignored", { reason: "other_workspace", delivery_id: deliveryId });
      return answer(response, 200, { ok: true, ignored: "other_workspace" });
    }

    const parsed = parseAgentSessionEvent(event.data, deliveryId, now());
    switch (parsed.kind) {
      case "ignored":
        log.info("bots.linear.event_ignored", { reason: parsed.reason, delivery_id: deliveryId });
        return answer(response, 200, { ok: true, ignored: parsed.reason });
      case "stop": {
        const stopped = await controls.stop({ conversation: parsed.conversation, userId: undefined });
        log.info("bots.linear.stop_signal", { delivery_id: deliveryId, outcome: stopped.kind });
        answer(response, 200, { ok: true, stop: stopped.kind });
        options
          .confirmStop(parsed.conversation, stopped)
          .catch((error: Error) => log.warn("bots.linear.stop_confirm_failed", { error: error.message }));
        return;
      }
      case "request": {
        const { request } = parsed;
        if (parsed.action === "prompted") {
          const answered = await options.answerElicitation(request);
          if (answered.kind === "answered") {
            log.info("bots.linear.elicitation_answered", {
              delivery_id: deliveryId,
              turn_id: answered.turnId,
              pick: answered.pick,
            });
            return answer(response, 200, { ok: true, answered: answered.turnId });
          }
        }
        const accepted = await intake(request);
        log.info("bots.linear.request_accepted", {
          delivery_id: deliveryId,
          action: parsed.action,
          turn_id: accepted.turnId,
          outcome: accepted.kind,
        });
        return answer(response, 200, { ok: true, turn: accepted.turnId, outcome: accepted.kind });
      }
    }
  };
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response
    .writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) })
    .end(text);
}
