import { AsyncResource } from "node:async_hooks";

/**
 * How far apart a worker's shared ticks are. Work put off by a few seconds (a batch of progress
 * lines, a lock's renewal, the next status line) runs up to this much later than asked, and all
 * of it that falls in one tick runs together.
 */
export const BEAT_TICK_MS = 1_000;

/** Cancels a task not yet run; a no-op once it ran. */
export type CancelBeat = () => void;

/** A clock for work that may wait a little: what falls due together runs together. */
export interface Beat {
  /**
   * Runs `task` on the first tick at least `delayMs` from now, or on the tick just before when
   * that one comes less than the beat's `earlyMs` too soon. Unlike a timer of its own, a task
   * runs in the async context the beat was created in, not its caller's: a task that needs its
   * caller's (a reply's budget claim) carries it itself.
   */
  after(delayMs: number, task: () => void): CancelBeat;
}

export interface BeatOptions {
  tickMs?: number;
  /**
   * How much sooner than asked a task may run. Work that repeats every few seconds from a tick
   * (a status line every 5 s) is due a few milliseconds after a later tick: without this it would
   * wait a whole tick more each time, and its pace would drift from 5 s to 6.
   */
  earlyMs?: number;
  /** Monotonic milliseconds. */
  now?: () => number;
  /** A task that throws; by default the error is thrown again outside the tick, as a timer's would be. */
  onTaskError?: (error: unknown) => void;
}

const rethrowLater = (error: unknown) =>
  queueMicrotask(() => {
    throw error;
  });

/**
 * One timer for a whole process's deferred work. An idle process pays for each time it wakes
 * (about 0.1 ms on a small VM) more than for most of what it does then: with a timer of its own,
 * each of a hundred running turns woke its worker for its transcript batch, its lock renewal and
 * its next status line at a moment of its own. On a beat they share a wake-up, and their Redis
 * commands leave in one write. The timer never keeps a process alive.
 */
export function createBeat({
  tickMs = BEAT_TICK_MS,
  earlyMs = tickMs / 20,
  now = () => performance.now(),
  onTaskError = rethrowLater,
}: BeatOptions = {}): Beat {
  // Tick number → what runs on it.
  const ticks = new Map<number, Set<() => void>>();
  let timer: NodeJS.Timeout | undefined;
  let armedTick = Number.POSITIVE_INFINITY;
  // A timer runs in the context of whoever set it, and each tick sets the next: left as it is,
  // every tick would run in the context of the reply that first armed one (its budget claim, its
  // aborted signal). Bound here, every tick runs in the beat's own context, whoever armed it.
  const fireInBeatContext = AsyncResource.bind(fire);

  function arm(tick: number) {
    if (tick >= armedTick) return;
    if (timer) clearTimeout(timer);
    armedTick = tick;
    timer = setTimeout(fireInBeatContext, Math.max(0, tick * tickMs - now()));
    timer.unref();
  }

  function fire() {
    const fired = armedTick;
    timer = undefined;
    armedTick = Number.POSITIVE_INFINITY;
    // The timer waited out the delay of every task on `fired` or earlier, whatever the clock says.
    for (const [tick, tasks] of [...ticks].sort(([a], [b]) => a - b)) {
      if (tick > fired) break;
      ticks.delete(tick);
      for (const task of tasks) {
        try {
          task();
        } catch (error) {
          onTaskError(error);
        }
      }
    }
    let next = Number.POSITIVE_INFINITY;
    for (const tick of ticks.keys()) next = Math.min(next, tick);
    if (next !== Number.POSITIVE_INFINITY) arm(next);
  }

  return {
    after(delayMs, task) {
      const tick = Math.ceil((now() + Math.max(0, delayMs - earlyMs)) / tickMs);
      let tasks = ticks.get(tick);
      if (!tasks) {
        tasks = new Set();
        ticks.set(tick, tasks);
      }
      // A wrapper of its own, so that the same function given twice is two tasks.
      const entry = () => task();
      tasks.add(entry);
      arm(tick);
      return () => {
        const on = ticks.get(tick);
        if (!on?.delete(entry)) return;
        if (on.size === 0) ticks.delete(tick);
      };
    },
  };
}

/**
 * Each task on a timer of its own, to the millisecond: what a component uses when no beat is
 * given (tests, a process with one turn at a time).
 */
export const ownTimers: Beat = {
  after(delayMs, task) {
    const timer = setTimeout(task, Math.max(0, delayMs));
    timer.unref();
    return () => clearTimeout(timer);
  },
};
