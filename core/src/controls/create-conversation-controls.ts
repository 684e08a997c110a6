import type { CatalogSource } from "../catalog-source/catalog-source.js";
import type { Catalog } from "../config/catalog.js";
import type { QueuedRequesters, StopConversation, StopResult } from "../contracts/conversation-queue.js";
import type { RequestIntake, RequestRefusal } from "../contracts/request-intake.js";
import type { ConversationRef } from "../schemas/conversation-ref.js";
import { requestIdForDelivery } from "../schemas/request-id.js";
import type { Session } from "../schemas/session.js";
import type { SessionRequest } from "../schemas/session-request.js";
import type { Target } from "../schemas/target.js";
import type { ShareService } from "../sharing/share-service.js";
import type { ConversationOwnerStore } from "../store/conversation-owner-store.js";
import {
  conversationLedgerId,
  type PickerMode,
  REPLY_FIELDS,
  type ReplyLedger,
} from "../store/reply-ledger.js";
import type { SessionStore } from "../store/session-store.js";
import type { ControlWord } from "./control-word.js";
import { createPickResolver } from "./create-pick-resolver.js";
import { ownQueueKey, type QueueKeyResolver } from "./create-queue-key-resolver.js";
import type { SteeringRule } from "./create-steering-rule.js";

/** Who asks for a control, where. */
export interface ControlRequest {
  conversation: ConversationRef;
  /** The person; undefined for a platform's own stop signal, which the platform restricts itself. */
  userId: string | undefined;
}

/** The person may not steer this conversation; `reason` is the steering rule's words for them. */
export type ControlRefused = { kind: "refused"; reason: string };
/** The conversation has no Baton session (yet). */
export type ControlNoSession = { kind: "no_session" };

/** What a stop did. */
export type StopOutcome =
  | ControlRefused
  /** A turn was running: it answers for itself with its ⏹ result. Queued turns may be dropped too. */
  | { kind: "stopped_running"; result: StopResult }
  /** Nothing was running; these queued turns were dropped. */
  | { kind: "dropped_queued"; result: StopResult }
  | { kind: "nothing_running"; result: StopResult };

export type ShareOutcome =
  | ControlNoSession
  | ControlRefused
  | { kind: "shared"; url: string }
  | { kind: "sharing_off" };

export type UnshareOutcome = ControlNoSession | ControlRefused | { kind: "revoked" } | { kind: "not_shared" };

/** What a control word did, by word. */
export type ControlWordOutcome =
  | { word: "stop"; outcome: StopOutcome }
  | { word: "share"; outcome: ShareOutcome }
  | { word: "unshare"; outcome: UnshareOutcome };

export type SteerableSessionOutcome =
  | ControlNoSession
  | ControlRefused
  | { kind: "steerable"; session: Session };

/** What a choice in a target picker did. */
export type PickOutcome =
  /** The ledger keeps no request for this turn (expired, or not a turn of this Baton). */
  | { kind: "unknown_turn" }
  /** Only the person who asked chooses where their request runs. */
  | { kind: "not_requester"; request: SessionRequest }
  | { kind: "unknown_target"; request: SessionRequest; targetRef: string }
  /** The picker had been answered: a second click (or a second person's) changes nothing. */
  | { kind: "already_chosen"; request: SessionRequest }
  /**
   * The conversation went on without this "which codebase?" picker (the person named a target in
   * a new message, or was asked again): it is closed, and nothing was started or changed.
   */
  | { kind: "answered_otherwise"; request: SessionRequest; pickerMessageId: string | null }
  /**
   * Intake turned the choice away (the conversation is full, a rate is exceeded); the dispatcher
   * tells the person why, and the picker can be answered again.
   */
  | { kind: "refused"; request: SessionRequest; reason: RequestRefusal; retryAfterMs: number }
  /** The request was handed to intake again with the target; `restarted`: its running turn was stopped. */
  | {
      kind: "started";
      request: SessionRequest;
      target: Target;
      restarted: boolean;
      /** The platform's id of the picker message, to update it with the choice. */
      pickerMessageId: string | null;
    };

export interface ConversationControlsOptions {
  catalog: Catalog;
  /** What the platforms discovered: a pick of a repository only it lists is known. */
  catalogSource?: CatalogSource;
  sessions: Pick<SessionStore, "findByConversation">;
  stopConversation: StopConversation;
  /** Who asked for the queued turns: before a session exists, the first of them owns the conversation. */
  queuedRequesters: QueuedRequesters;
  /** The person Baton asked where to work owns the conversation until its session opens. */
  conversationOwners?: Pick<ConversationOwnerStore, "owner">;
  shares: Pick<ShareService, "shareSession" | "unshareSession">;
  intake: RequestIntake;
  ledger: ReplyLedger;
  /** The bot's own "who may steer" (its places and policies, its words for a refusal). */
  steering: SteeringRule;
  /** Which queue a conversation's requests join (a linked pull request joins its session's); its own by default. */
  queueKeyOf?: QueueKeyResolver;
  now?: () => Date;
}

/**
 * What a person can do to a session besides prompting it, the same on every platform: stop it,
 * share or unshare its transcript, choose or change its target. Only Redis is touched; each method
 * returns what happened, and the bot tells the person in its own way.
 */
export interface ConversationControls {
  stop(request: ControlRequest): Promise<StopOutcome>;
  share(request: ControlRequest): Promise<ShareOutcome>;
  unshare(request: ControlRequest): Promise<UnshareOutcome>;
  /** A control word (see `parseControlWord`). */
  run(word: ControlWord, request: ControlRequest): Promise<ControlWordOutcome>;
  /** The conversation's session, if the person may steer it (e.g. before offering a change of target). */
  steerableSession(request: ControlRequest): Promise<SteerableSessionOutcome>;
  /** A choice in a picker: starts the waiting request (or restarts the running one) on that target. */
  pick(input: { mode: PickerMode; turnId: string; targetRef: string; userId: string }): Promise<PickOutcome>;
}

export function createConversationControls(options: ConversationControlsOptions): ConversationControls {
  const {
    sessions,
    stopConversation,
    queuedRequesters,
    conversationOwners,
    shares,
    intake,
    ledger,
    steering,
  } = options;
  const now = options.now ?? (() => new Date());
  const queueKeyOf = options.queueKeyOf ?? ownQueueKey;
  const resolveTarget = createPickResolver(options.catalog, options.catalogSource);

  async function steerableSession({
    conversation,
    userId,
  }: ControlRequest): Promise<SteerableSessionOutcome> {
    const session = await sessions.findByConversation(await queueKeyOf(conversation));
    if (!session) return { kind: "no_session" };
    if (userId) {
      const check = steering.check({ conversation, requesterId: session.requester.id, userId });
      if (!check.allowed) return { kind: "refused", reason: check.reason };
    }
    return { kind: "steerable", session };
  }

  async function stop({ conversation, userId }: ControlRequest): Promise<StopOutcome> {
    const key = await queueKeyOf(conversation);
    if (userId) {
      const session = await sessions.findByConversation(key);
      // Before its session exists, a conversation belongs to its owner: the person Baton asked
      // where to work, else whoever asked first. Someone else's queued turn never blocks them.
      const requesterId =
        session?.requester.id ?? (await conversationOwners?.owner(key)) ?? (await queuedRequesters(key))[0];
      if (requesterId) {
        const check = steering.check({ conversation, requesterId, userId });
        if (!check.allowed) return { kind: "refused", reason: check.reason };
      }
    }
    const result = await stopConversation(key);
    if (result.stoppedTurnId) return { kind: "stopped_running", result };
    if (result.cancelledTurnIds.length > 0) return { kind: "dropped_queued", result };
    return { kind: "nothing_running", result };
  }

  async function share(request: ControlRequest): Promise<ShareOutcome> {
    const steerable = await steerableSession(request);
    if (steerable.kind !== "steerable") return steerable;
    const shared = await shares.shareSession(steerable.session.id);
    return shared.kind === "shared" ? { kind: "shared", url: shared.url } : { kind: shared.kind };
  }

  async function unshare(request: ControlRequest): Promise<UnshareOutcome> {
    const steerable = await steerableSession(request);
    if (steerable.kind !== "steerable") return steerable;
    const revoked = await shares.unshareSession(steerable.session.id);
    return revoked.kind === "revoked" ? { kind: "revoked" } : { kind: "not_shared" };
  }

  return {
    stop,
    share,
    unshare,
    steerableSession,
    async run(word, request) {
      switch (word) {
        case "stop":
          return { word, outcome: await stop(request) };
        case "share":
          return { word, outcome: await share(request) };
        case "unshare":
          return { word, outcome: await unshare(request) };
      }
    },
    async pick({ mode, turnId, targetRef, userId }) {
      const request = await ledger.pendingRequest(turnId);
      if (!request) return { kind: "unknown_turn" };
      if (request.actor.id !== userId) return { kind: "not_requester", request };
      const target = await resolveTarget(targetRef);
      if (!target) return { kind: "unknown_target", request, targetRef };
      const refusals = Number((await ledger.get(turnId, REPLY_FIELDS.pickRefusals(mode))) ?? 0);
      if (!(await ledger.claim(turnId, REPLY_FIELDS.picked(mode, refusals), targetRef)))
        return { kind: "already_chosen", request };
      const queueKey = await queueKeyOf(request.conversation);
      // Pickers asked before `pickerWaiting` existed find nothing recorded, and still answer.
      const waiting =
        mode === "ask" ? await ledger.get(conversationLedgerId(queueKey), REPLY_FIELDS.pickerWaiting) : null;
      if (waiting !== null && waiting !== turnId)
        return {
          kind: "answered_otherwise",
          request,
          pickerMessageId: await ledger.get(turnId, REPLY_FIELDS.picker(mode)),
        };
      // Restart the turn only while it has not finished; after that, the choice starts it again.
      const restarted = mode === "change" && !(await ledger.isTurnFinished(turnId));
      // Each try after a refusal is a delivery of its own: intake keeps the refused one finished.
      const deliveryId = refusals ? `${mode}.${turnId}.${refusals}` : `${mode}.${turnId}`;
      const taken = await intake(
        {
          ...request,
          id: requestIdForDelivery(request.conversation.platform, deliveryId),
          deliveryId,
          hints: { ...request.hints, target: { text: targetRef, target } },
          receivedAt: now().toISOString(),
        },
        { queueKey },
      );
      if (taken.kind === "refused") {
        // Refused before anything was stopped: the running turn goes on, and the picker stays.
        await ledger.set(turnId, REPLY_FIELDS.pickRefusals(mode), String(refusals + 1));
        return { kind: "refused", request, reason: taken.reason, retryAfterMs: taken.retryAfterMs };
      }
      // Stopped once the new turn is queued behind it, which the stop keeps: it runs next.
      if (restarted) await stopConversation(queueKey, { keep: taken.turnId });
      return {
        kind: "started",
        request,
        target,
        restarted,
        pickerMessageId: await ledger.get(turnId, REPLY_FIELDS.picker(mode)),
      };
    },
  };
}
