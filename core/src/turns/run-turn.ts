import { type AllowedTargets, targetRef } from "../access/allowed-targets.js";
import { fillRequestContext } from "../classifier/fill-request-context.js";
import type { RequestContextProviders } from "../classifier/request-context-provider.js";
import type { Beat } from "../clock/create-beat.js";
import type { BackendModels } from "../config/catalog.js";
import type { AgentBackend, BackendTurn } from "../contracts/agent-backend.js";
import type { Classifier } from "../contracts/classifier.js";
import type { Logger } from "../contracts/logger.js";
import type { PlatformPolicies } from "../contracts/platform-policy.js";
import type { Replier } from "../contracts/replier.js";
import type { ShareLinks } from "../contracts/share-links.js";
import { allowAnyoneToSteer, type SteeringGuard } from "../contracts/steering-guard.js";
import type { AdmitTurn } from "../contracts/turn-admission.js";
import { describeError } from "../describe-error.js";
import { BatonError, isRetryableError, toUserFacingError } from "../errors.js";
import type { RoutingLearner } from "../learning/create-routing-learner.js";
import type { Artifact } from "../schemas/agent-event.js";
import type { ContextEntry } from "../schemas/context-entry.js";
import type { Platform } from "../schemas/conversation-ref.js";
import type { Session } from "../schemas/session.js";
import { agentPromptOf, type SessionRequest } from "../schemas/session-request.js";
import type { Turn, TurnStatus } from "../schemas/turn.js";
import {
  type ConversationContextStore,
  UNKNOWN_CONTEXT_AUTHOR,
} from "../store/conversation-context-store.js";
import type { ConversationOwnerStore } from "../store/conversation-owner-store.js";
import type { SessionStore } from "../store/session-store.js";
import type { TranscriptStore } from "../store/transcript-store.js";
import { admitOrFail } from "./admit-or-fail.js";
import { applyTurnChoices } from "./apply-turn-choices.js";
import { collectAgentEvents } from "./collect-agent-events.js";
import { createTurnTranscript, type TurnTranscript } from "./create-turn-transcript.js";
import { learnFromTurn } from "./learn-from-turn.js";
import { originLinkOf } from "./origin-link-of.js";
import { linkPullRequests, recordPrompt } from "./record-turn-opening.js";
import { resolveSessionTarget } from "./resolve-session-target.js";
import { tellOriginOfChanges } from "./tell-origin-of-changes.js";

export interface TurnRunnerOptions {
  sessions: SessionStore;
  transcripts: TranscriptStore;
  classifier: Classifier;
  backend: AgentBackend;
  repliers: Partial<Record<Platform, Replier>>;
  shareLinks?: ShareLinks;
  /** Thread messages posted between turns; the next turn receives them as context. */
  conversationContext?: ConversationContextStore;
  /** The targets each conversation may use (a channel's `targets`); any when not given. */
  allowedTargets?: AllowedTargets;
  /** The platforms' policies (which conversations continue a session elsewhere); none when not given. */
  platforms?: PlatformPolicies;
  /** Who owns a conversation Baton asked about, until its session opens. */
  owners?: ConversationOwnerStore;
  /** Who may add turns to a session someone else started; anyone when not given. */
  steering?: SteeringGuard;
  /** Each platform's access policy, asked before anything else of a turn; every turn is admitted when not given. */
  admit?: AdmitTurn;
  /** The catalog's `models:` key: the models people may choose per backend, and their defaults. */
  models?: Readonly<Record<string, BackendModels>>;
  /** Per platform, where a request was written (channel name, topic, thread), for a first turn's classification. */
  requestContext?: RequestContextProviders;
  /** Routing's memory of people's corrections; nothing is learned without it. */
  learner?: RoutingLearner;
  /** The worker's shared clock: each turn's held progress lines are written on its ticks. */
  beat?: Beat;
  logger: Logger;
}

export interface TurnRunContext {
  signal: AbortSignal;
  /** 1 for the first try of this turn, 2 for its first retry, … */
  attempt: number;
  /** When false, a transient failure is thrown so that the queue tries again later. */
  isFinalAttempt: boolean;
}

/**
 * Why a running turn was aborted: the person stopped it, this process is shutting down, it lost
 * the conversation lock, or it outlived the turn timeout (the queue ends it and answers for it).
 */
export type AbortReason = "stopped" | "shutdown" | "lost_lock" | "timed_out";

const STOPPED_SUMMARY = "Stopped before it finished.";

/** A stopped turn's words: what the session had made before the stop (listed below them) stays. */
function stoppedSummary(artifacts: readonly Artifact[]): string {
  return artifacts.length > 0 ? `${STOPPED_SUMMARY} What was already pushed is kept:` : STOPPED_SUMMARY;
}
const OWNED_REASON =
  "Someone else asked first in this thread and is choosing where it runs. Start your own thread, or ask again once they have chosen.";

export type TurnRunner = (turn: Turn, context: TurnRunContext) => Promise<TurnStatus>;

type ChosenSession =
  | { kind: "ready"; session: Session; model: string | undefined; reason: string }
  | { kind: "ended"; status: TurnStatus };

/**
 * Runs one turn: finds or opens the conversation's session (classifying its target on the first
 * turn), streams the backend's events into the transcript and the person's thread, and replies
 * with the result. Every accepted turn ends in a visible outcome; only a transient failure that
 * has tries left is thrown back to the queue.
 */
export function createTurnRunner(options: TurnRunnerOptions): TurnRunner {
  const { sessions, transcripts, classifier, backend, repliers, shareLinks, conversationContext, logger } =
    options;
  const steering = options.steering ?? allowAnyoneToSteer;
  const models = options.models ?? {};

  /**
   * The thread's messages for this turn, each judged by the session's steering rule: only those of
   * people who may steer it reach the agent (anyone else's could instruct it in their place).
   */
  async function takeContext(turn: Turn, session: Session): Promise<ContextEntry[]> {
    const messages = (await conversationContext?.takeForTurn(turn.conversationKey, turn.id)) ?? [];
    const entries = messages.map(({ authorId, text }) => ({
      authorId,
      text,
      maySteer:
        authorId !== UNKNOWN_CONTEXT_AUTHOR &&
        steering(session, { platform: session.conversation.platform, id: authorId }).allowed,
    }));
    const kept = entries.filter((entry) => entry.maySteer);
    if (kept.length < entries.length)
      logger.info("core.turn.context_withheld", { turn_id: turn.id, withheld: entries.length - kept.length });
    return kept;
  }

  /**
   * The session a turn runs in, its target and model: classified on a first turn. Ends the turn
   * instead (declined, or a question asked) when it cannot run as it is.
   */
  async function chooseSession(turn: Turn, replier: Replier, log: Logger): Promise<ChosenSession> {
    const { requestContext } = options;
    const fillContext = requestContext
      ? (request: SessionRequest) => fillRequestContext({ request, providers: requestContext, logger: log })
      : undefined;
    const resolution = await resolveSessionTarget({
      turn,
      sessions,
      classifier,
      backend: backend.name,
      fillContext,
      owners: options.owners,
      allowedTargets: options.allowedTargets?.(turn.request.conversation),
      platforms: options.platforms,
    });
    if (resolution.kind === "target_not_allowed") {
      await replier.declined(
        turn,
        `Requests here may only use ${resolution.allowed.join(", ")}, not ${targetRef(resolution.target)}.`,
      );
      log.info("core.turn.declined", { reason: "target_not_allowed" });
      return { kind: "ended", status: "cancelled" };
    }
    if (resolution.kind === "owned") {
      await replier.declined(turn, OWNED_REASON);
      log.info("core.turn.declined", { reason: "conversation_owned" });
      return { kind: "ended", status: "cancelled" };
    }
    if (resolution.kind === "ask") {
      // The first person asked owns the conversation until its session opens.
      await options.owners?.claim(turn.conversationKey, turn.request.actor.id);
      await replier.ask(turn, resolution.decision);
      log.info("core.turn.asked", { candidates: resolution.decision.candidates.length });
      return { kind: "ended", status: "completed" };
    }
    // Checked before anything changes: someone who may not steer may not retarget either.
    const check = steering(resolution.session, turn.request.actor, turn.request);
    if (!check.allowed) {
      await replier.declined(turn, check.reason);
      log.info("core.turn.declined", { reason: "steering_policy" });
      return { kind: "ended", status: "cancelled" };
    }
    const choices = await applyTurnChoices({
      resolution,
      requestedModel: turn.request.hints.model,
      backend,
      models,
      sessions,
    });
    if (choices.kind === "model_not_allowed") {
      await replier.failed(turn, { code: "model_not_allowed", message: choices.message });
      log.info("core.turn.model_refused", { backend: backend.name });
      return { kind: "ended", status: "cancelled" };
    }
    const { choice, routedByHabit = false } = resolution;
    await learnFromTurn({ learner: options.learner, turn, choice, routedByHabit, replier, log });
    return { kind: "ready", session: choices.session, model: choices.model, reason: resolution.reason };
  }

  return async function runTurn(receivedTurn, context) {
    const replier = repliers[receivedTurn.request.conversation.platform];
    if (!replier)
      throw new BatonError("internal", `no replier for ${receivedTurn.request.conversation.platform}`);
    const log = logger.child({
      turn_id: receivedTurn.id,
      delivery_id: receivedTurn.request.deliveryId,
      attempt: context.attempt,
    });
    const admission = options.admit
      ? await admitOrFail(options.admit, receivedTurn, replier, log, context)
      : null;
    if (admission && admission.kind !== "admitted") return admission.status;
    let turn = admission?.turn ?? receivedTurn;
    const startedAt = Date.now();
    let transcript: TurnTranscript | undefined;
    let stoppedByPerson: (() => Promise<TurnStatus>) | undefined;
    try {
      // The platform's own context first, then the text's flags: a hint either sets wins.
      if (replier.prepare) turn = { ...turn, request: await replier.prepare(turn) };
      if (classifier.readRequest) turn = { ...turn, request: classifier.readRequest(turn.request) };
      const chosen = await chooseSession(turn, replier, log);
      if (chosen.kind === "ended") return chosen.status;
      const { session, model, reason } = chosen;
      const turnTranscript = createTurnTranscript({ transcripts, sessionId: session.id, beat: options.beat });
      transcript = turnTranscript;
      await recordPrompt(transcripts, session, turn, reason);
      const workingShareUrl = shareLinks ? await shareLinks.linkFor(session) : null;
      await replier.working(turn, {
        target: session.target,
        backend: backend.name,
        model,
        shareUrl: workingShareUrl,
      });

      const backendTurn: BackendTurn = {
        turn,
        session,
        target: session.target,
        prompt: agentPromptOf(turn.request),
        model,
        context: await takeContext(turn, session),
        idempotencyKey: turn.id,
        ...(workingShareUrl ? { shareUrl: workingShareUrl } : {}),
        originLink: () => originLinkOf(replier, turn, log),
      };
      const finish = async (status: "completed" | "stopped", summary: string, artifacts: Artifact[]) => {
        await turnTranscript.record({ kind: "outcome", turnId: turn.id, status, summary });
        await sessions.recordTurn(session.id);
        await linkPullRequests(sessions, session, artifacts);
        const shareUrl = shareLinks ? await shareLinks.linkFor(session) : null;
        const outcome = {
          status,
          summary,
          artifacts,
          target: session.target,
          backend: backend.name,
          model,
          durationMs: Date.now() - startedAt,
        };
        await replier.result(turn, outcome, shareUrl);
        await tellOriginOfChanges({ repliers, session, turn, artifacts, summary, log });
        log.info("core.turn.finished", { status, duration_ms: Date.now() - startedAt });
        return status;
      };
      stoppedByPerson = () => finish("stopped", STOPPED_SUMMARY, []);
      const collected = await collectAgentEvents({
        events: backend.run(backendTurn, context.signal),
        signal: context.signal,
        onEvent: async (event) => {
          await turnTranscript.record({ kind: "event", turnId: turn.id, event });
          if (event.type === "status") await replier.progress(turn, event.message);
        },
      });
      if (collected.kind === "aborted" && context.signal.reason !== "stopped") {
        // Shutting down, or the conversation's lock was lost: another worker finishes this turn.
        throw new BatonError("turn_stopped", `aborted: ${String(context.signal.reason)}`, undefined, true);
      }
      return collected.kind === "aborted"
        ? await finish("stopped", stoppedSummary(collected.artifacts), collected.artifacts)
        : await finish("completed", collected.summary, collected.artifacts);
    } catch (error) {
      // A backend that passes the signal on (to fetch, say) throws when the person stops it.
      if (context.signal.reason === "stopped" && stoppedByPerson) return stoppedByPerson();
      const shutDown = context.signal.aborted && context.signal.reason !== "stopped";
      if (shutDown || (isRetryableError(error) && !context.isFinalAttempt)) {
        if (!shutDown) log.warn("core.turn.retrying", { error: describeError(error) });
        // No outcome (another try or worker ends the turn), but the progress held so far is written.
        await transcript
          ?.flush()
          .catch((flushError: unknown) =>
            log.warn("core.turn.progress_not_recorded", { error: describeError(flushError) }),
          );
        throw error;
      }
      log.error("core.turn.failed", { error: describeError(error) });
      const userError = toUserFacingError(error);
      // The transcript ends the turn too, so that a share page stops showing it as running.
      await transcript
        ?.record({ kind: "outcome", turnId: turn.id, status: "failed", summary: userError.message })
        .catch((appendError: unknown) =>
          log.warn("core.turn.outcome_not_recorded", { error: describeError(appendError) }),
        );
      await replier.failed(turn, userError);
      return "failed";
    } finally {
      // However this try ended (answered here or elsewhere, or left to another try), no progress
      // of it may still go out, and nothing kept for it stays.
      await replier
        .endProgress?.(turn)
        .catch((error: unknown) => log.warn("core.turn.progress_not_ended", { error: describeError(error) }));
    }
  };
}
