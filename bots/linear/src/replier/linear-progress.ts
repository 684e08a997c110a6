import {
  type Beat,
  createProgressThrottle,
  errorMessage,
  type Logger,
  type PlatformTurn,
  prepaidProgress,
  type ReplyClaim,
} from "@baton/core";
import type { LinearBudgets } from "../budget/linear-budgets.js";
import type { LinearApi } from "../client/create-linear-api.js";

export interface LinearProgress {
  push(turn: PlatformTurn<"linear">, send: (api: LinearApi) => Promise<void>): Promise<void>;
  /** Drops a status still waiting for the budget: the turn's final reply goes next. */
  cancel(turnId: string): Promise<void>;
}

/**
 * A turn's progress as ephemeral activities. Without a budget, a status within the interval of
 * the last one is dropped. With one, a status waits for a token of its workspace's budget, fairly
 * among sessions, and only the latest of a turn is sent.
 */
export function createLinearProgress({
  apiFor,
  budgets,
  minIntervalMs,
  logger,
  beat,
}: {
  apiFor(organizationId: string, reply?: ReplyClaim): LinearApi;
  budgets?: LinearBudgets;
  minIntervalMs: number;
  logger: Logger;
  beat?: Beat;
}): LinearProgress {
  const lastAt = new Map<string, number>();
  const warn = (error: unknown) => logger.warn("bots.linear.progress_failed", { error: errorMessage(error) });
  const throttle = createProgressThrottle({
    minIntervalMs,
    onError: warn,
    onCoalesced: () => budgets?.replyBudget.coalesced("linear"),
    beat,
  });
  return {
    async push(turn, send) {
      const { organizationId } = turn.request.conversation;
      if (!budgets) {
        const now = Date.now();
        if (now - (lastAt.get(turn.id) ?? 0) < minIntervalMs) return;
        lastAt.set(turn.id, now);
        await send(apiFor(organizationId)).catch(warn);
        return;
      }
      const bucket = budgets.bucketOf(organizationId);
      // Sent with the token its gate took, as its session's progress.
      const paid = prepaidProgress(budgets.replyBudget, [bucket], turn.conversationKey, (reply) =>
        send(apiFor(organizationId, reply)),
      );
      throttle.push(turn.id, paid.update, paid.gate);
    },
    async cancel(turnId) {
      lastAt.delete(turnId);
      await throttle.cancel(turnId);
    },
  };
}
