import type { HarnessFailureReason } from "../coding-harness.js";

export type TurnStopReason = Extract<HarnessFailureReason, "aborted" | "timeout" | "model_unreachable">;

export interface TurnStopper {
  /** Aborts when the turn must end: the caller's stop, Baton's deadline, or an unreachable model server. */
  readonly signal: AbortSignal;
  /** Why the turn was stopped, once it was. */
  readonly reason: TurnStopReason | undefined;
  /** The CLI says it is reconnecting to the model server: give up after the grace unless it answers. */
  modelUnreachable(): void;
  /** Anything the model sent: the server is reachable again. */
  modelAnswered(): void;
  /** Called once the stop has been requested, e.g. to make sure every process is gone. */
  onStop(listener: (reason: TurnStopReason) => void): void;
  dispose(): void;
}

/**
 * One AbortSignal for everything that ends a turn early. The CLI retries an unreachable model
 * server for minutes ("Reconnecting…"), so Baton gives up after `unreachableGiveUpMs` of that, and
 * in any case at the turn's deadline.
 */
export function createTurnStopper(options: {
  signal: AbortSignal;
  deadlineMs: number;
  unreachableGiveUpMs: number;
}): TurnStopper {
  const controller = new AbortController();
  const listeners: Array<(reason: TurnStopReason) => void> = [];
  let reason: TurnStopReason | undefined;
  let unreachableTimer: NodeJS.Timeout | undefined;
  const stop = (why: TurnStopReason) => {
    if (reason) return;
    reason = why;
    controller.abort(why);
    for (const listener of listeners) listener(why);
  };
  const onCallerAbort = () => stop("aborted");
  if (options.signal.aborted) stop("aborted");
  else options.signal.addEventListener("abort", onCallerAbort, { once: true });
  const deadline = setTimeout(() => stop("timeout"), options.deadlineMs);
  return {
    signal: controller.signal,
    get reason() {
      return reason;
    },
    modelUnreachable() {
      unreachableTimer ??= setTimeout(() => stop("model_unreachable"), options.unreachableGiveUpMs);
    },
    modelAnswered() {
      clearTimeout(unreachableTimer);
      unreachableTimer = undefined;
    },
    onStop(listener) {
      if (reason) listener(reason);
      else listeners.push(listener);
    },
    dispose() {
      clearTimeout(deadline);
      clearTimeout(unreachableTimer);
      options.signal.removeEventListener("abort", onCallerAbort);
    },
  };
}
