import type { IncomingMessage, ServerResponse } from "node:http";
import {
  actOncePerDelivery,
  type ClaimDelivery,
  type ConversationRef,
  createWebhookRoute,
  type HttpRoute,
  type Logger,
  type RequestIntake,
  type SessionRequest,
  type WebhookReplies,
  webhookBytes,
} from "@baton/core";
import type { LinearAccess, LinearAccessRequest } from "../access/create-linear-access.js";
import type { MappingOfferAnswerOutcome } from "../learning/answer-mapping-offer.js";
import { LINEAR_WEBHOOK_PATH } from "../oauth/linear-oauth-settings.js";
import type { FollowUpQuestion, FollowUpRole } from "../steering/create-follow-up-roles.js";
import { type AgentSessionEvent, agentSessionEventSchema } from "./agent-session-event-schema.js";
import type { ElicitationAnswerOutcome } from "./answer-elicitation.js";
import {
  type AgentSessionEventParse,
  parseAgentSessionEvent,
  sessionRequesterId,
} from "./parse-agent-session-event.js";
import { createLinearWebhookVerifier } from "./verify-linear-webhook.js";

/** What the stop signal did, as the conversation controls tell it (`refused` with the reason). */
export type LinearStopOutcome = { kind: string; reason?: string; result?: { stoppedTurnId: string | null } };

export interface LinearStopper {
  stop(request: { conversation: ConversationRef; userId: string | undefined }): Promise<LinearStopOutcome>;
}

export interface LinearWebhookRouteOptions {
  webhookSecret: string;
  intake: RequestIntake;
  controls: LinearStopper;
  answerElicitation(request: Parameters<RequestIntake>[0]): Promise<ElicitationAnswerOutcome>;
  /** Reads a prompt as the answer to Baton's offer to make a team's habit its mapping (when routing learns). */
  answerMappingOffer?(request: SessionRequest): Promise<MappingOfferAnswerOutcome>;
  /** Makes sure Linear hears that the session stopped (after the 200): a running turn says so itself. */
  confirmStop(conversation: ConversationRef, outcome: LinearStopOutcome): Promise<void>;
  /** The access policy: installed organisations, then `access.linear` (teams, people). */
  access: LinearAccess;
  /** Claims a stop signal's delivery once, so that a replayed one neither stops nor answers again. */
  claimDelivery: ClaimDelivery;
  /** Whether a follow-up's (or a stop's) author opened the session, is the issue's assignee, or neither. */
  followUpRole(question: FollowUpQuestion): Promise<FollowUpRole>;
  logger: Logger;
  now?: () => Date;
}

/**
 * `POST /linear/webhooks`. Before the answer there is only: read (≤ 1 MiB), verify with the SDK's
 * verifier, parse, and intake (dedupe by `linear-delivery`, persist, enqueue); the 2xx goes back
 * once the request is safely queued. Everything that talks to Linear happens in the worker.
 */
export function createLinearWebhookRoute(options: LinearWebhookRouteOptions): HttpRoute {
  const { intake, controls, logger } = options;
  const now = options.now ?? (() => new Date());
  const verify = createLinearWebhookVerifier(options.webhookSecret);
  const log = logger.child({ component: "bots.linear" });

  /**
   * A follow-up carries the steering rule to intake, which declines it there (in the step that
   * would queue it) when its author may not steer: only the creator and the issue's assignee may.
   */
  async function intakeFollowUp(request: SessionRequest, event: AgentSessionEvent) {
    const role = await options.followUpRole(
      followUpQuestion(event, request.conversation, request.actor.id, request.deliveryId),
    );
    if (role !== "assignee" || request.replyTo?.platform !== "linear")
      return intake(request, { steering: "requester" });
    return intake(
      { ...request, replyTo: { ...request.replyTo, steersAs: "assignee" } },
      { steering: "channel" },
    );
  }

  /**
   * A prompt may answer a question Baton asked in the session (which codebase, or whether to make
   * the team's habit its mapping): then it is answered here, 200 sent, and true returned. An
   * answer that also says what to do ("also fix the docs in acme/web") is answered, and false
   * returned: it runs as a follow-up of the request it started.
   */
  async function answerQuestion(
    request: SessionRequest,
    response: ServerResponse,
    replies: WebhookReplies,
  ): Promise<boolean> {
    const deliveryId = request.deliveryId;
    const answered = await options.answerElicitation(request);
    if (answered.kind === "answered") {
      log.info("bots.linear.elicitation_answered", {
        delivery_id: deliveryId,
        turn_id: answered.turnId,
        pick: answered.pick,
        ...(answered.alsoAPrompt ? { also_a_prompt: true } : {}),
      });
      if (answered.alsoAPrompt) return false;
      replies.json(response, 200, { ok: true, answered: answered.turnId });
      return true;
    }
    const offer = await options.answerMappingOffer?.(request);
    if (!offer || offer.kind === "not_an_answer") return false;
    log.info("bots.linear.mapping_offer_answered", { delivery_id: deliveryId, outcome: offer.kind });
    replies.json(response, 200, { ok: true, offer: offer.kind });
    if (offer.kind !== "replayed")
      offer
        .say()
        .catch((error: Error) => log.warn("bots.linear.offer_reply_failed", { error: error.message }));
    return true;
  }

  return createWebhookRoute<Buffer, unknown>({
    path: LINEAR_WEBHOOK_PATH,
    component: "bots.linear",
    logger,
    decode: webhookBytes,
    // The SDK's verifier parses the body to check its timestamp: that parse is the payload.
    verify: (body, request) => verify(body, request.headers),
    receive: receiveEvent,
  });

  async function receiveEvent(
    payload: unknown,
    request: IncomingMessage,
    response: ServerResponse,
    replies: WebhookReplies,
  ): Promise<void> {
    const json = payload as { type?: unknown } | null;
    if (json?.type !== "AgentSessionEvent") {
      log.info("bots.linear.event_ignored", { reason: "unknown_event_type", event_type: String(json?.type) });
      return replies.json(response, 200, { ok: true, ignored: "unknown_event_type" });
    }
    const deliveryId = request.headers["linear-delivery"];
    if (typeof deliveryId !== "string" || deliveryId.length === 0)
      return replies.refuse(response, { status: 400, reason: "missing_delivery_id" });
    const event = agentSessionEventSchema.safeParse(json);
    if (!event.success)
      return replies.refuse(response, {
        status: 400,
        reason: "wrong_schema",
        fields: { delivery_id: deliveryId },
      });

    const parsed = parseAgentSessionEvent(event.data, deliveryId, now());
    if (parsed.kind === "ignored") {
      log.info("bots.linear.event_ignored", { reason: parsed.reason, delivery_id: deliveryId });
      return replies.json(response, 200, { ok: true, ignored: parsed.reason });
    }
    // Refusals are answered 200 (Linear would only retry a 4xx); the access check logged why.
    const access = await options.access(accessRequestOf(event.data, parsed, deliveryId));
    if (access === "refused") return replies.json(response, 200, { ok: true, ignored: "access_refused" });
    if (access === "not_installed")
      return replies.json(response, 200, { ok: true, ignored: "not_installed" });
    switch (parsed.kind) {
      case "stop": {
        // A stop does not go through intake, whose claim would catch a replay: it is claimed here,
        // and released if stopping fails, so that Linear's retry of the delivery stops.
        const once = await actOncePerDelivery(options.claimDelivery, "linear", deliveryId, async () => {
          // The creator and the assignee stop at once; anyone else is judged (and refused) by the controls.
          const role = await options.followUpRole(
            followUpQuestion(event.data, parsed.conversation, parsed.actorId, deliveryId),
          );
          return controls.stop({
            conversation: parsed.conversation,
            userId: role === "other" ? parsed.actorId : undefined,
          });
        });
        if (once.kind === "replayed") {
          log.info("bots.linear.event_ignored", { reason: "replayed_delivery", delivery_id: deliveryId });
          return replies.json(response, 200, { ok: true, ignored: "replayed_delivery" });
        }
        const stopped = once.value;
        log.info("bots.linear.stop_signal", { delivery_id: deliveryId, outcome: stopped.kind });
        replies.json(response, 200, { ok: true, stop: stopped.kind });
        options
          .confirmStop(parsed.conversation, stopped)
          .catch((error: Error) => log.warn("bots.linear.stop_confirm_failed", { error: error.message }));
        return;
      }
      case "request": {
        const { request } = parsed;
        if (parsed.action === "prompted" && (await answerQuestion(request, response, replies))) return;
        const accepted =
          parsed.action === "prompted" ? await intakeFollowUp(request, event.data) : await intake(request);
        log.info("bots.linear.request_accepted", {
          delivery_id: deliveryId,
          action: parsed.action,
          turn_id: accepted.turnId,
          outcome: accepted.kind,
        });
        return replies.json(response, 200, { ok: true, turn: accepted.turnId, outcome: accepted.kind });
      }
    }
  }
}

function followUpQuestion(
  event: AgentSessionEvent,
  conversation: ConversationRef,
  actorId: string | undefined,
  deliveryId: string,
): FollowUpQuestion {
  return {
    organizationId: event.organizationId,
    issueId: conversation.platform === "linear" ? conversation.issueId : undefined,
    creatorId: sessionRequesterId(event),
    actorId: actorId ?? event.appUserId,
    deliveryId,
  };
}

/** The access policy's facts about an event Baton would act on: organisation, team, person, session. */
function accessRequestOf(
  event: AgentSessionEvent,
  parsed: Exclude<AgentSessionEventParse, { kind: "ignored" }>,
  deliveryId: string,
): LinearAccessRequest {
  const issue = event.agentSession.issue;
  const actor =
    parsed.kind === "stop"
      ? { id: parsed.actorId ?? event.appUserId, ...(parsed.actorEmail ? { email: parsed.actorEmail } : {}) }
      : { id: parsed.request.actor.id, email: parsed.request.actor.email };
  return {
    deliveryId,
    organizationId: event.organizationId,
    team: { key: issue?.team?.key, id: issue?.team?.id ?? issue?.teamId },
    actor,
    agentSessionId: event.agentSession.id,
  };
}
