import type { Replier } from "../contracts/replier.js";
import { mapReplier, type ReplierMethod } from "../replies/map-replier.js";
import type { Platform } from "../schemas/conversation-ref.js";
import type { Turn } from "../schemas/turn.js";
import type { BudgetClaim } from "./rate-budget.js";
import { runWithClaim } from "./reply-claim-context.js";

const URGENT: BudgetClaim = { priority: "urgent" };
const FINAL: BudgetClaim = { priority: "final" };

/**
 * The priority of each reply method (a record, so that a method added to the contract needs one):
 * a turn's end (result, failure) is final; what else a person waits on (acknowledgement, question,
 * working message, refusal, an offer, a note) is urgent; progress is progress of its session.
 */
const PRIORITY_OF: Record<ReplierMethod, (args: readonly unknown[]) => BudgetClaim> = {
  prepare: () => URGENT,
  originLink: () => URGENT,
  note: () => URGENT,
  acknowledge: () => URGENT,
  working: () => URGENT,
  progress: ([turn]) => ({ priority: "progress", session: (turn as Turn).conversationKey }),
  endProgress: () => URGENT,
  ask: () => URGENT,
  result: () => FINAL,
  failed: () => FINAL,
  declined: () => URGENT,
  offerMapping: () => URGENT,
};

/**
 * Marks every reply with its priority, for the platform budgets the bots' requests draw on
 * (anything the progress throttle sends later keeps its session's progress claim).
 */
export function withReplyPriorities(
  repliers: Partial<Record<Platform, Replier>>,
): Partial<Record<Platform, Replier>> {
  const prioritized: Partial<Record<Platform, Replier>> = {};
  for (const [platform, replier] of Object.entries(repliers) as Array<[Platform, Replier]>)
    prioritized[platform] = mapReplier(replier, (method, args, call) =>
      runWithClaim(PRIORITY_OF[method](args), call),
    );
  return prioritized;
}
