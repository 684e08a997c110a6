import type { BudgetClaim } from "./rate-budget.js";

/**
 * Which reply a platform request belongs to, handed to the bot's HTTP layer with the request (a
 * Slack client lent to it, an Octokit request option, a Linear API bound to it): its priority for
 * the budgets, the tokens it already holds, and what ends its waits.
 *
 * It travels explicitly rather than in an `AsyncLocalStorage`: on Node 20 that switches on a
 * promise hook for every promise of the worker, a replies' concern paid by every await of a turn.
 */
export interface ReplyClaim {
  readonly claim: BudgetClaim;
  /** Buckets a progress update already holds a token of (taken by its gate): its first request there spends it. */
  readonly prepaid?: Set<string>;
  /** Ends the request's waits for budget (the update is no longer wanted, Baton is shutting down). */
  readonly signal?: AbortSignal;
}

/**
 * What else a person waits on: an acknowledgement, a question, a working message, a refusal, a
 * note. Any request made without a claim counts as urgent (start-up checks, the context a turn reads).
 */
export const URGENT_REPLY: ReplyClaim = Object.freeze({ claim: Object.freeze({ priority: "urgent" }) });

/** A turn's end (its result, its failure): it may spend the whole budget. */
export const FINAL_REPLY: ReplyClaim = Object.freeze({ claim: Object.freeze({ priority: "final" }) });

/** Progress of `session`, sharing what is left fairly with the other sessions. */
export function progressReply(session: string, signal?: AbortSignal): ReplyClaim {
  return { claim: { priority: "progress", session }, ...(signal ? { signal } : {}) };
}
