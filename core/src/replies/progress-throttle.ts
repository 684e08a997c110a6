import { type Beat, type CancelBeat, ownTimers } from "../clock/create-beat.js";

/**
 * At most one update per `minIntervalMs` for each key, and always the latest: message edits are
 * rate-limited on every platform (chat APIs allow an edit every second or so, code hosts pace
 * content writes), and a backend may report progress many times a second. With a `gate` (the
 * platform budget's progress token) the update is chosen only once the token is held, so what goes
 * out is the latest status at that moment, never one that went stale while it waited.
 */
export interface ProgressThrottle {
  push(key: string, update: ProgressUpdate, gate?: ProgressGate): void;
  /**
   * Drops what is pending for the key, gives up a wait for the budget, aborts the signal of an
   * update on its way (whatever it still waits for before its request goes, it gives up), and
   * waits for that update, so that the caller's final edit (the turn ended) lands last.
   */
  cancel(key: string): Promise<void>;
  /**
   * Counts an edit the caller made itself (the working message's edit when the turn starts)
   * toward the interval: an update pushed right after it waits its turn, and is dropped if the
   * turn ends first (its final edit replaces the message at once anyway).
   */
  markEdited(key: string): void;
}

/** Waits until the update may go out; rejects when `signal` aborts (the turn ended). */
export type ProgressGate = (signal: AbortSignal) => Promise<void>;

/** Sends an update; `signal` aborts when the turn ends before it is done. */
export type ProgressUpdate = (signal: AbortSignal) => Promise<void>;

interface KeyState {
  lastAt: number;
  pending?: ProgressUpdate;
  gate?: ProgressGate;
  cancelWait?: CancelBeat;
  inFlight?: Promise<void>;
  abort?: AbortController;
  cancelled?: boolean;
}

export function createProgressThrottle({
  minIntervalMs,
  onError,
  onCoalesced,
  beat = ownTimers,
}: {
  minIntervalMs: number;
  /**
   * Where an update waits out its interval: on the worker's beat, the updates of every turn that
   * fall due in one tick go out together (their budget takes in one Redis write).
   */
  beat?: Beat;
  onError: (error: unknown) => void;
  /** Called for each update dropped because a newer one of its key replaced it. */
  onCoalesced?: () => void;
}): ProgressThrottle {
  const state = new Map<string, KeyState>();

  async function send(entry: KeyState): Promise<void> {
    const abort = new AbortController();
    entry.abort = abort;
    try {
      if (entry.gate) await entry.gate(abort.signal);
      const update = entry.pending;
      entry.pending = undefined;
      if (!update || entry.cancelled) return;
      entry.lastAt = Date.now();
      await update(abort.signal);
    } catch (error) {
      // Given up because the turn ended: its final edit replaces whatever this would have sent.
      if (entry.cancelled && abort.signal.aborted) return;
      throw error;
    }
  }

  function run(entry: KeyState): void {
    entry.cancelWait = undefined;
    // One update at a time per key; a status pushed meanwhile waits for it and replaces any older one.
    entry.inFlight = send(entry)
      .catch(onError)
      .finally(() => {
        entry.inFlight = undefined;
        if (entry.pending && !entry.cancelled) schedule(entry);
      });
  }

  function schedule(entry: KeyState): void {
    if (entry.inFlight || entry.cancelWait) return;
    const wait = entry.lastAt + minIntervalMs - Date.now();
    if (wait <= 0) run(entry);
    else entry.cancelWait = beat.after(wait, () => run(entry));
  }

  return {
    push(key, update, gate) {
      let entry = state.get(key);
      if (!entry) {
        entry = { lastAt: 0 };
        state.set(key, entry);
      }
      if (entry.pending) onCoalesced?.();
      entry.pending = update;
      entry.gate = gate;
      schedule(entry);
    },
    markEdited(key) {
      const entry = state.get(key);
      if (entry) entry.lastAt = Date.now();
      else state.set(key, { lastAt: Date.now() });
    },
    async cancel(key) {
      const entry = state.get(key);
      state.delete(key);
      if (!entry) return;
      entry.cancelled = true;
      entry.pending = undefined;
      entry.cancelWait?.();
      entry.abort?.abort(new Error("the turn ended"));
      await entry.inFlight;
    },
  };
}
