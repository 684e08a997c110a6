/**
 * At most one update per `minIntervalMs` for each key, and always the latest: message edits are
 * rate-limited on every platform (chat APIs allow an edit every second or so, code hosts pace
 * content writes), and a backend may report progress many times a second.
 */
export interface ProgressThrottle {
  push(key: string, update: () => Promise<void>): void;
  /**
   * Drops what is pending for the key and waits for an update already on its way, so that the
   * caller's final edit (the turn ended) lands last.
   */
  cancel(key: string): Promise<void>;
  /**
   * Counts an edit the caller made itself (the working message's edit when the turn starts)
   * toward the interval: an update pushed right after it waits its turn, and is dropped if the
   * turn ends first (its final edit replaces the message at once anyway).
   */
  markEdited(key: string): void;
}

interface KeyState {
  lastAt: number;
  pending?: () => Promise<void>;
  timer?: NodeJS.Timeout;
  inFlight?: Promise<void>;
}

export function createProgressThrottle({
  minIntervalMs,
  onError,
}: {
  minIntervalMs: number;
  onError: (error: unknown) => void;
}): ProgressThrottle {
  const state = new Map<string, KeyState>();

  function run(entry: KeyState, update: () => Promise<void>): void {
    entry.lastAt = Date.now();
    entry.pending = undefined;
    entry.timer = undefined;
    const previous = entry.inFlight ?? Promise.resolve();
    // One update at a time per key, in order.
    entry.inFlight = previous.then(update).catch(onError);
  }

  return {
    push(key, update) {
      let entry = state.get(key);
      if (!entry) {
        entry = { lastAt: 0 };
        state.set(key, entry);
      }
      const wait = entry.lastAt + minIntervalMs - Date.now();
      if (wait <= 0 && !entry.timer) return run(entry, update);
      entry.pending = update;
      const current = entry;
      current.timer ??= setTimeout(() => current.pending && run(current, current.pending), Math.max(wait, 0));
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
      if (entry.timer) clearTimeout(entry.timer);
      await entry.inFlight;
    },
  };
}
