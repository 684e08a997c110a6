/**
 * At most one update per `minIntervalMs` for each key, and always the latest: Slack's chat.update
 * is rate-limited (tier 3), and a backend may report progress many times a second.
 */
export interface ProgressThrottle {
  push(key: string, update: () => Promise<void>): void;
  /** Drops what is pending for the key (the turn ended; its final message replaces progress). */
  cancel(key: string): void;
}

export function createProgressThrottle({ minIntervalMs, onError }: { minIntervalMs: number; onError: (error: unknown) => void }): ProgressThrottle {
  const state = new Map<string, { lastAt: number; pending?: () => Promise<void>; timer?: NodeJS.Timeout }>();

  function run(key: string, update: () => Promise<void>): void {
    const entry = state.get(key) ?? { lastAt: 0 };
    entry.lastAt = Date.now();
    entry.pending = undefined;
    entry.timer = undefined;
    state.set(key, entry);
    update().catch(onError);
  }

  return {
    push(key, update) {
      const entry = state.get(key);
      const wait = entry ? entry.lastAt + minIntervalMs - Date.now() : 0;
      if (wait <= 0 && !entry?.timer) return run(key, update);
      if (entry) {
        entry.pending = update;
        entry.timer ??= setTimeout(() => entry.pending && run(key, entry.pending), Math.max(wait, 0));
      }
    },
    cancel(key) {
      const entry = state.get(key);
      if (entry?.timer) clearTimeout(entry.timer);
      state.delete(key);
    },
  };
}
