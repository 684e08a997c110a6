import {
  actOncePerDelivery,
  type ClaimDelivery,
  type ConversationContextStore,
  conversationKey,
  type Logger,
  type RequestIntake,
  type SteeringRule,
} from "@baton/core";
import type { SlackAccess, SlackAccessRequest } from "../access/create-slack-access.js";
import type { SlackControls } from "../controls/create-slack-controls.js";
import { buildSlackRequest } from "./build-slack-request.js";
import { parseSlackEvent, type SlackEventParse, type SlackIdentity } from "./parse-slack-event.js";
import { renderSlackMarkup } from "./render-slack-markup.js";
import { type SlackEnvelope, slackEnvelopeSchema } from "./slack-envelope.js";

export type SlackEventOutcome =
  | { kind: "challenge"; challenge: string }
  | { kind: "accepted" | "duplicate" | "refused"; turnId: string }
  | { kind: "handled"; what: string }
  | { kind: "ignored"; reason: string }
  | { kind: "invalid"; reason: "wrong_schema" };

export type SlackEventRouter = (envelope: unknown, retryNum?: number) => Promise<SlackEventOutcome>;

export const UNREADABLE_FORWARD_ANSWER =
  "I could not read the message you forwarded: Slack sent me no text or files for it. Paste its text, or say what you need, and I will get on it.";

const KNOWN_ENVELOPE_TYPES = new Set(["url_verification", "event_callback", "app_rate_limited"]);

export interface SlackEventRouterOptions {
  identity: SlackIdentity;
  intake: RequestIntake;
  controls: SlackControls;
  conversationContext: ConversationContextStore;
  /** Control words, stop signals and context appends claim their event once (intake dedupes prompts). */
  claimDelivery: ClaimDelivery;
  /** The channel's steering policy goes with a follow-up, so that intake can decline it at once. */
  steering: Pick<SteeringRule, "policyFor">;
  /** The access policy: prompts and control words from people it refuses go no further. */
  access: SlackAccess;
  logger: Logger;
  now?: () => Date;
}

type EventCallback = Extract<SlackEnvelope, { type: "event_callback" }>;

/** The envelope as an event to route, or what to answer at once (a challenge, a refusal, an ignore). */
function readEventCallback(
  json: unknown,
  log: Logger,
): { kind: "event"; data: EventCallback } | { kind: "answered"; outcome: SlackEventOutcome } {
  const type = (json as { type?: unknown } | null)?.type;
  if (typeof type !== "string" || !KNOWN_ENVELOPE_TYPES.has(type)) {
    log.info("bots.slack.event_ignored", { reason: "unknown_envelope_type", envelope_type: String(type) });
    return { kind: "answered", outcome: { kind: "ignored", reason: "unknown_envelope_type" } };
  }
  const envelope = slackEnvelopeSchema.safeParse(json);
  if (!envelope.success) {
    log.warn("bots.slack.request_rejected", { reason: "wrong_schema", outcome: "rejected" });
    return { kind: "answered", outcome: { kind: "invalid", reason: "wrong_schema" } };
  }
  const data = envelope.data;
  if (data.type === "url_verification")
    return { kind: "answered", outcome: { kind: "challenge", challenge: data.challenge } };
  if (data.type === "app_rate_limited") {
    log.warn("bots.slack.app_rate_limited", {});
    return { kind: "answered", outcome: { kind: "ignored", reason: "app_rate_limited" } };
  }
  return { kind: "event", data };
}

/**
 * What to do with one Events API envelope, whichever way it came (HTTP or Socket Mode). Only
 * Redis is touched here: anything that talks to Slack happens later, off the acknowledgement.
 */
export function createSlackEventRouter(options: SlackEventRouterOptions): SlackEventRouter {
  const { identity, intake, controls, conversationContext, claimDelivery, access, steering, logger } =
    options;
  const now = options.now ?? (() => new Date());
  const log = logger.child({ component: "bots.slack" });

  return async function routeSlackEvent(json, retryNum) {
    const read = readEventCallback(json, log);
    if (read.kind === "answered") return read.outcome;
    const { data } = read;
    const deliveryId = data.event_id;
    const parsed = parseSlackEvent(data, identity);
    if (parsed.kind === "ignored") {
      log.debug("bots.slack.event_ignored", {
        delivery_id: deliveryId,
        reason: parsed.reason,
        event_type: data.event.type,
      });
      return parsed;
    }
    // Every way in is checked, replies in a session's thread too: what the policy refuses is
    // neither acted on nor kept as the agent's context (refused quietly there: nobody asked Baton).
    const who = whoAsks(parsed);
    if (
      who &&
      !(await access({
        deliveryId,
        teamId: data.team_id,
        enterpriseId: data.enterprise_id,
        userTeamId: data.event.user_team ?? data.event.team,
        sharedExternally: data.is_ext_shared_channel ?? false,
        ...who,
      }))
    )
      return { kind: "ignored", reason: "access_refused" };
    switch (parsed.kind) {
      case "thread_message": {
        // Stored with its author apart from its text: the text cannot pass for someone else's words.
        const kept = await conversationContext.appendIfSession(conversationKey(parsed.message.conversation), {
          authorId: parsed.message.userId,
          text: renderSlackMarkup(parsed.message.text),
          deliveryId,
        });
        log.debug("bots.slack.thread_message", { delivery_id: deliveryId, kept });
        return { kind: "handled", what: `context_${kept}` };
      }
      case "unreadable_forward": {
        // Answered once, however often Slack delivers the event.
        const once = await actOncePerDelivery(claimDelivery, "slack", deliveryId, async () => {
          controls.answerUnusable(parsed.message.conversation, UNREADABLE_FORWARD_ANSWER);
          return "answered";
        });
        log.info("bots.slack.event_ignored", { delivery_id: deliveryId, reason: "unreadable_forward" });
        return once.kind === "acted"
          ? { kind: "handled", what: "unreadable_forward" }
          : { kind: "ignored", reason: "replayed" };
      }
      case "stop_signal":
      case "control": {
        // Slack retries an event it thinks was not acknowledged: a control acts once, and a
        // control that failed (answered 5xx) acts on Slack's retry. (Prompts are deduplicated by
        // intake, context by its own append, each in the one Redis step it takes.)
        const once = await actOncePerDelivery(claimDelivery, "slack", deliveryId, async () => {
          if (parsed.kind === "stop_signal") {
            await controls.stop({
              conversation: parsed.conversation,
              userId: parsed.userId,
              source: "slack_stop_control",
            });
            log.info("bots.slack.stop_requested", { delivery_id: deliveryId, source: "slack_stop_control" });
            return "stop";
          }
          await controls.run(parsed.word, {
            conversation: parsed.message.conversation,
            userId: parsed.message.userId,
            source: "mention",
          });
          log.info("bots.slack.control", { delivery_id: deliveryId, word: parsed.word });
          return parsed.word;
        });
        if (once.kind === "acted") return { kind: "handled", what: once.value };
        log.info("bots.slack.event_replayed", {
          delivery_id: deliveryId,
          kind: parsed.kind,
          retry_num: retryNum,
        });
        return { kind: "ignored", reason: "replayed" };
      }
      case "prompt": {
        const request = buildSlackRequest({ message: parsed.message, deliveryId, receivedAt: now() });
        const result = await intake(request, { steering: steering.policyFor(request.conversation) });
        log.info(`bots.slack.request_${result.kind}`, {
          delivery_id: deliveryId,
          turn_id: result.turnId,
          retry_num: retryNum,
        });
        return { kind: result.kind, turnId: result.turnId };
      }
    }
  };
}

/** The person and place an event would act for, as the access policy reads them; none for what acts for nobody. */
function whoAsks(
  parsed: SlackEventParse,
): Pick<SlackAccessRequest, "channelId" | "directMessage" | "userId" | "threadTs" | "quiet"> | undefined {
  switch (parsed.kind) {
    case "prompt":
    case "control":
    case "unreadable_forward":
    case "thread_message": {
      const { conversation, channelType, userId } = parsed.message;
      return {
        channelId: conversation.channelId,
        directMessage: channelType === "im",
        userId,
        threadTs: conversation.threadTs,
        quiet: parsed.kind === "thread_message",
      };
    }
    case "stop_signal": {
      const { channelId, threadTs } = parsed.conversation;
      return parsed.userId
        ? { channelId, directMessage: channelId.startsWith("D"), userId: parsed.userId, threadTs }
        : undefined;
    }
    default:
      return undefined;
  }
}
