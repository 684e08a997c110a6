import {
  FINAL_REPLY_LEASE_MS,
  type FinalReplyClaims,
  guardFinalReplies,
  type Logger,
  type Platform,
  type Replier,
  type ReplyLedger,
  type SessionStore,
  type SteeringGuard,
  type Turn,
  type UserFacingError,
  withReplyLedger,
} from "@baton/core";
import type { BatonMetrics } from "../metrics/create-baton-metrics.js";
import { observeRepliers } from "../metrics/observe-repliers.js";
import { createOverdueTurnAnswer, LOST_TURN } from "./answer-overdue-turn.js";

export interface WorkerRepliesOptions {
  /** The bots' own repliers, one per platform that is on. */
  repliers: Partial<Record<Platform, Replier>>;
  claims: FinalReplyClaims;
  /** Where every replier keeps what it posted; its steps are taken here, around each one. */
  ledger: ReplyLedger;
  sessions: Pick<SessionStore, "findByConversation">;
  steering: SteeringGuard;
  metrics: Pick<BatonMetrics, "replies" | "ackSeconds">;
  logger: Logger;
  /** How long one process may take to post a final reply; see `FINAL_REPLY_LEASE_MS`. */
  leaseMs?: number;
}

export interface WorkerReplies {
  /** The repliers the turn runner uses: one final reply per turn, every failure counted. */
  repliers: Partial<Record<Platform, Replier>>;
  /** The dispatcher's acknowledgement, timed from the request's arrival. */
  acknowledge(turn: Turn): Promise<void>;
  /** The dispatcher's answer to a turn it cannot run (unreadable, or refused at intake). */
  fail(turn: Turn, error: UserFacingError): Promise<void>;
  /** The answer to a turn BullMQ gave up on. */
  abandon(turn: Turn): Promise<void>;
  /** The watchdog's answer to a turn past its deadline. */
  answerOverdue: ReturnType<typeof createOverdueTurnAnswer>;
}

/**
 * Every way the worker side answers a person, built once around the bots' repliers: the turn
 * runner's, the dispatcher's acknowledgement and refusals, the watchdog's and BullMQ's last word.
 * Each goes through the reply ledger's steps, the one-final-reply guard and the reply metrics.
 */
export function createWorkerReplies(options: WorkerRepliesOptions): WorkerReplies {
  const { claims, sessions, steering, metrics, logger } = options;
  const ledgered: Partial<Record<Platform, Replier>> = {};
  for (const [platform, replier] of Object.entries(options.repliers) as Array<[Platform, Replier]>)
    ledgered[platform] = withReplyLedger(replier, options.ledger);
  const guarded = guardFinalReplies(ledgered, {
    claims,
    logger,
    leaseMs: options.leaseMs ?? FINAL_REPLY_LEASE_MS,
  });
  const observed = observeRepliers(guarded, metrics.replies);
  return {
    repliers: observed,
    async acknowledge(turn) {
      const { platform } = turn.request.conversation;
      const replier = observed[platform];
      if (!replier) return;
      await replier.acknowledge(turn);
      const receivedAt = Date.parse(turn.request.receivedAt);
      if (Number.isFinite(receivedAt))
        metrics.ackSeconds.observe({ platform }, Math.max(0, Date.now() - receivedAt) / 1000);
    },
    async fail(turn, error) {
      // Through the guard like every other final reply: a turn answered elsewhere gets no second one.
      const replier = observed[turn.request.conversation.platform];
      if (error.code === "steering_refused") {
        // Declined privately in the bot's own words, as the worker declines at the head.
        const session = await sessions.findByConversation(turn.conversationKey);
        const check = session ? steering(session, turn.request.actor, turn.request) : null;
        await replier?.declined(turn, check && !check.allowed ? check.reason : error.message);
        return;
      }
      await replier?.failed(turn, error);
    },
    async abandon(turn) {
      await observed[turn.request.conversation.platform]?.failed(turn, LOST_TURN);
    },
    answerOverdue: createOverdueTurnAnswer({ repliers: observed, claims }),
  };
}
