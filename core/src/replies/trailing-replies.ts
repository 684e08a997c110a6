import { setMaxListeners } from "node:events";
import { settledWithin } from "../clock/settled-within.js";
import type { Logger } from "../contracts/logger.js";
import { errorMessage } from "../describe-error.js";

/**
 * What a turn's last reply leaves to do once the person has their answer: a reaction swapped, the
 * working message closed. Run inside the reply, such work holds the turn's worker slot while it
 * waits for its budget: a hundred Slack turns ending together wait minutes for `reactions.remove`
 * (20 a minute per workspace), and the next turns wait for their slots. Deferred here, it waits
 * on its own, and the worker drains it at shutdown.
 */
export interface TrailingReplies {
  /**
   * Runs `work` without the caller waiting for it. It is handed the signal that ends its budget
   * waits at shutdown, for the claim its requests are made as. A failure is logged and not
   * retried: it changes nothing a person needs.
   */
  defer(what: string, work: (signal: AbortSignal) => Promise<unknown>): void;
  /**
   * Waits for what is running, at most `graceMs`; then ends the budget waits of the rest (which
   * are dropped and logged) and waits for what is already on its way to the platform.
   */
  settle(graceMs: number): Promise<void>;
  /** How many are running now. */
  readonly running: number;
}

export function createTrailingReplies({ logger }: { logger: Logger }): TrailingReplies {
  const log = logger.child({ component: "core.trailing_replies" });
  const running = new Set<Promise<void>>();
  const stop = new AbortController();
  // Every deferred reply that waits for its budget listens to this one signal until its wait ends
  // (a hundred Slack turns ending together, a hundred listeners): not a leak to warn about.
  setMaxListeners(0, stop.signal);

  return {
    defer(what, work) {
      const done: Promise<void> = Promise.resolve(stop.signal)
        .then(work)
        .then(
          () => {},
          (error: unknown) =>
            stop.signal.aborted
              ? log.info("core.trailing_replies.dropped", { what })
              : log.warn("core.trailing_replies.failed", { what, error: errorMessage(error) }),
        );
      running.add(done);
      void done.finally(() => running.delete(done));
    },
    async settle(graceMs) {
      if (running.size === 0 || (await settledWithin(Promise.all(running), graceMs))) return;
      log.info("core.trailing_replies.abandoning", { running: running.size, grace_ms: graceMs });
      stop.abort(new Error("Baton is shutting down"));
      await Promise.all(running);
    },
    get running() {
      return running.size;
    },
  };
}
