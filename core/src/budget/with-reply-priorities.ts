import type { Replier } from "../contracts/replier.js";
import type { Platform } from "../schemas/conversation-ref.js";
import type { BudgetClaim } from "./rate-budget.js";
import { runWithClaim } from "./reply-claim-context.js";

const URGENT: BudgetClaim = { priority: "urgent" };
const FINAL: BudgetClaim = { priority: "final" };

/**
 * Marks every reply with its priority, for the platform budgets the bots' requests draw on: a
 * turn's end (result, failure) is final; what else a person waits on (acknowledgement, question,
 * working message, refusal) is urgent; progress, and anything the progress throttle sends later,
 * is progress of its session.
 */
export function withReplyPriorities(
  repliers: Partial<Record<Platform, Replier>>,
): Partial<Record<Platform, Replier>> {
  const prioritized: Partial<Record<Platform, Replier>> = {};
  for (const [platform, replier] of Object.entries(repliers) as Array<[Platform, Replier]>)
    prioritized[platform] = prioritize(replier);
  return prioritized;
}

function prioritize(replier: Replier): Replier {
  const urgent = <T>(fn: () => Promise<T>) => runWithClaim(URGENT, fn);
  const final = <T>(fn: () => Promise<T>) => runWithClaim(FINAL, fn);
  return {
    ...(replier.prepare ? { prepare: (turn) => urgent(() => replier.prepare!(turn)) } : {}),
    ...(replier.originLink ? { originLink: (turn) => urgent(() => replier.originLink!(turn)) } : {}),
    ...(replier.note ? { note: (session, note) => urgent(() => replier.note!(session, note)) } : {}),
    acknowledge: (turn) => urgent(() => replier.acknowledge(turn)),
    working: (turn, context) => urgent(() => replier.working(turn, context)),
    progress: (turn, status) =>
      runWithClaim({ priority: "progress", session: turn.conversationKey }, () =>
        replier.progress(turn, status),
      ),
    ask: (turn, decision) => urgent(() => replier.ask(turn, decision)),
    result: (turn, outcome, shareUrl) => final(() => replier.result(turn, outcome, shareUrl)),
    failed: (turn, error) => final(() => replier.failed(turn, error)),
    declined: (turn, reason) => urgent(() => replier.declined(turn, reason)),
  };
}
