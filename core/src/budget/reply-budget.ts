import type { Platform } from "../schemas/conversation-ref.js";
import type { BudgetBucket, RateBudget, RateLimitSpec } from "./rate-budget.js";
import { progressReply, type ReplyClaim, URGENT_REPLY } from "./reply-claim.js";

/**
 * What a bot spends its platform's budget through: at its HTTP layer (`beforeRequest`, and
 * `refused` for a 429), and in its progress throttle (`progressGate`). The bot knows which
 * budget a request draws on; this knows who is asking.
 */
export interface ReplyBudget {
  /**
   * Waits until every bucket allows the request, at the priority of the reply it belongs to
   * (urgent without one), spending a token `reply` already holds instead; rejects once `signal`
   * (else the reply's own) aborts.
   */
  beforeRequest(buckets: readonly BudgetBucket[], reply?: ReplyClaim, signal?: AbortSignal): Promise<void>;
  /** The platform answered 429: `retryAfterMs` from its header. */
  refused(bucket: BudgetBucket, retryAfterMs: number): Promise<void>;
  /**
   * Waits for a progress token of each of `buckets`, in order, for `session` (fairly among
   * sessions). A progress update takes every budget its request draws on here, before it is
   * chosen and while it can still give up (the turn ended): on its way it waits for none, so a
   * turn's result, which waits for the update on its way, never waits behind a progress claim.
   * Giving up, it gives back the tokens it already held (GitHub's hour, taken before the minute).
   */
  progressGate(buckets: readonly BudgetBucket[], session: string): (signal: AbortSignal) => Promise<void>;
  /** The limit to use for a budget: the operator's (`BATON_RATE_LIMITS`), else the published one. */
  limit(name: string, published: RateLimitSpec): RateLimitSpec;
  /** Counts a progress update dropped because a newer one of its session replaced it. */
  coalesced(platform: Platform): void;
}

export interface ReplyBudgetOptions {
  budget: RateBudget;
  overrides?: ReadonlyMap<string, RateLimitSpec>;
  onCoalesced?: (platform: Platform) => void;
}

export function createReplyBudget({ budget, overrides, onCoalesced }: ReplyBudgetOptions): ReplyBudget {
  return {
    async beforeRequest(buckets, reply = URGENT_REPLY, signal) {
      const until = signal ?? reply.signal;
      for (const bucket of buckets) {
        if (reply.prepaid?.delete(bucket.id)) continue;
        await budget.take(bucket, reply.claim, until);
      }
    },
    refused: (bucket, retryAfterMs) => budget.pause(bucket, retryAfterMs),
    progressGate: (buckets, session) => async (signal) => {
      const taken: BudgetBucket[] = [];
      try {
        for (const bucket of buckets) {
          await budget.take(bucket, { priority: "progress", session }, signal);
          taken.push(bucket);
        }
      } catch (error) {
        // Gave up waiting for a later budget: the earlier ones' tokens were spent on nothing.
        await Promise.all(taken.map((bucket) => budget.giveBack(bucket))).catch(() => undefined);
        throw error;
      }
    },
    // The operator's figures replace the published ones; how a budget is shared stays.
    limit: (name, published) => {
      const override = overrides?.get(name);
      return override ? { ...published, ...override } : published;
    },
    coalesced: (platform) => onCoalesced?.(platform),
  };
}

/**
 * A progress update paid for before it goes, for a `ProgressThrottle`: `gate` takes a progress
 * token of each of `buckets` for `session`, and `update` then runs holding them: its requests,
 * made as the claim it is handed, spend those tokens instead of waiting for new ones, and any
 * other request waits as progress of `session` too. What it still waits for on its way (a
 * platform's own spacing of writes) it gives up once the throttle's signal aborts.
 */
export function prepaidProgress(
  replyBudget: Pick<ReplyBudget, "progressGate">,
  buckets: readonly BudgetBucket[],
  session: string,
  update: (reply: ReplyClaim) => Promise<void>,
): { update: (signal: AbortSignal) => Promise<void>; gate: (signal: AbortSignal) => Promise<void> } {
  return {
    update: (signal) =>
      update({ ...progressReply(session, signal), prepaid: new Set(buckets.map((bucket) => bucket.id)) }),
    gate: replyBudget.progressGate(buckets, session),
  };
}
