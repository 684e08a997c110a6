import type { Platform } from "../schemas/conversation-ref.js";
import type { BudgetBucket, BudgetClaim, RateBudget, RateLimitSpec } from "./rate-budget.js";
import { currentClaim, currentClaimSignal, runPrepaid, spendPrepaid } from "./reply-claim-context.js";

/**
 * What a bot spends its platform's budget through: at its HTTP layer (`beforeRequest`, and
 * `refused` for a 429), and in its progress throttle (`progressGate`). The bot knows which
 * budget a request draws on; this knows who is asking.
 */
export interface ReplyBudget {
  /**
   * Waits until every bucket allows the request, at the priority of the reply it belongs to;
   * rejects once `signal` (else the reply's own, see `runWithClaim`) aborts.
   */
  beforeRequest(buckets: readonly BudgetBucket[], signal?: AbortSignal): Promise<void>;
  /** The platform answered 429: `retryAfterMs` from its header. */
  refused(bucket: BudgetBucket, retryAfterMs: number): Promise<void>;
  /**
   * Waits for a progress token of each of `buckets`, in order, for `session` (fairly among
   * sessions). A progress update takes every budget its request draws on here, before it is
   * chosen and while it can still give up (the turn ended): on its way it waits for none, so a
   * turn's result, which waits for the update on its way, never waits behind a progress claim.
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
    async beforeRequest(buckets, signal) {
      const claim = currentClaim();
      const until = signal ?? currentClaimSignal();
      for (const bucket of buckets) {
        if (spendPrepaid(bucket.id)) continue;
        await budget.take(bucket, claim, until);
      }
    },
    refused: (bucket, retryAfterMs) => budget.pause(bucket, retryAfterMs),
    progressGate: (buckets, session) => async (signal) => {
      for (const bucket of buckets) await budget.take(bucket, { priority: "progress", session }, signal);
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
 * token of each of `buckets` for `session`, and `update` then runs holding them, so that its
 * request spends those tokens instead of waiting for new ones, and any other request it makes
 * waits as progress of `session` too. What it still waits for on its way (a platform's own spacing
 * of writes) it gives up once the throttle's signal aborts.
 */
export function prepaidProgress(
  replyBudget: Pick<ReplyBudget, "progressGate">,
  buckets: readonly BudgetBucket[],
  session: string,
  update: () => Promise<void>,
): { update: (signal: AbortSignal) => Promise<void>; gate: (signal: AbortSignal) => Promise<void> } {
  const prepaid = buckets.map((bucket) => bucket.id);
  const claim: BudgetClaim = { priority: "progress", session };
  return {
    update: (signal) => runPrepaid(claim, prepaid, update, signal),
    gate: replyBudget.progressGate(buckets, session),
  };
}
