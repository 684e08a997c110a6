import { type Beat, errorMessage, type Logger, prepaidProgress, type ReplyClaim } from "@baton/core";
import type { SlackBudgets } from "../budget/slack-budgets.js";
import { createProgressThrottle } from "./progress-throttle.js";

/** The working message's edits of a turn: at most one per interval, always the latest. */
export interface SlackWorkingEdits {
  /**
   * Queues `edit` for the turn, replacing one still waiting; with a budget, it goes once a token
   * is held, and is handed the progress claim its calls are made for.
   */
  push(turn: { id: string; conversationKey: string }, edit: (reply?: ReplyClaim) => Promise<void>): void;
  cancel(turnId: string): Promise<void>;
  markEdited(turnId: string): void;
}

/**
 * The progress throttle of the Slack replier, and with a budget its gate: the token of chat.update
 * is taken before the edit is chosen, so the edit that goes out is the latest, fairly among sessions.
 */
export function createSlackWorkingEdits({
  minIntervalMs,
  budgets,
  log,
  beat,
}: {
  minIntervalMs: number;
  budgets?: SlackBudgets;
  log: Logger;
  beat?: Beat;
}): SlackWorkingEdits {
  const throttle = createProgressThrottle({
    minIntervalMs,
    onError: (error) => log.warn("bots.slack.progress_failed", { error: errorMessage(error) }),
    onCoalesced: () => budgets?.replyBudget.coalesced("slack"),
    beat,
  });
  return {
    push(turn, edit) {
      const bucket = budgets?.progressBucket;
      if (!budgets || !bucket) return throttle.push(turn.id, () => edit());
      const paid = prepaidProgress(budgets.replyBudget, [bucket], turn.conversationKey, edit);
      throttle.push(turn.id, paid.update, paid.gate);
    },
    cancel: (turnId) => throttle.cancel(turnId),
    markEdited: (turnId) => throttle.markEdited(turnId),
  };
}
