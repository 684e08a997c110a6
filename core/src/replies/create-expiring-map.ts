/** A map whose entries lapse after a while and which holds no more than a bound. */
export interface ExpiringMap<V> {
  get(key: string): V | undefined;
  /** Sets `key` (its time starts again); the oldest entry goes when the map is full. */
  set(key: string, value: V): void;
  delete(key: string): void;
  /** Entries held, lapsed ones not yet dropped included. */
  readonly size: number;
}

/**
 * What a bot remembers in memory about turns, people or workspaces: each entry for `ttlMs` at
 * most, and `maxEntries` at most (no bound but time without it), so that a long-lived worker's
 * memory does not grow with every turn. Lapsed entries are dropped as new ones are set, so one
 * that is never asked for again (a turn that never reached its end) does not stay either.
 */
export function createExpiringMap<V>({
  ttlMs,
  maxEntries = Number.POSITIVE_INFINITY,
  now = Date.now,
}: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}): ExpiringMap<V> {
  // A Map keeps insertion order, and every entry lives `ttlMs`: the first key is the oldest set,
  // and the lapsed ones are all in front.
  const entries = new Map<string, { value: V; until: number }>();
  function dropLapsed(at: number) {
    for (const [key, entry] of entries) {
      if (entry.until > at) return;
      entries.delete(key);
    }
  }
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until > now()) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key, value) {
      const at = now();
      dropLapsed(at);
      entries.delete(key);
      entries.set(key, { value, until: at + ttlMs });
      if (entries.size <= maxEntries) return;
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    },
    delete(key) {
      entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}
