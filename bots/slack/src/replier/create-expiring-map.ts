/** A map whose entries lapse after a while and which never holds more than a bound. */
export interface ExpiringMap<V> {
  get(key: string): V | undefined;
  /** Sets `key` (its time starts again); the oldest entry goes when the map is full. */
  set(key: string, value: V): void;
  delete(key: string): void;
}

/**
 * What a replier remembers in memory about turns or workspaces: each entry for `ttlMs` at most,
 * and `maxEntries` at most, so that a long-lived worker's memory does not grow with every turn
 * (a turn that never reaches its end, its worker shut down, leaves its entry to lapse).
 */
export function createExpiringMap<V>({
  ttlMs,
  maxEntries,
  now = Date.now,
}: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): ExpiringMap<V> {
  // A Map keeps insertion order: its first key is the oldest set.
  const entries = new Map<string, { value: V; until: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until > now()) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, until: now() + ttlMs });
      if (entries.size <= maxEntries) return;
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    },
    delete(key) {
      entries.delete(key);
    },
  };
}
