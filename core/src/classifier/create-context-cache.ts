/** A small time-bounded cache of lookups, for context that changes rarely (a channel's name). */
export interface ContextCache<T> {
  /** The cached value for `key`, or `load()`'s; concurrent callers share one load. Failures are not kept. */
  get(key: string, load: () => Promise<T>): Promise<T>;
}

export interface ContextCacheOptions {
  ttlMs: number;
  /** Past this many keys the oldest is dropped, so a busy workspace cannot grow it without bound. */
  maxEntries: number;
  now?: () => number;
}

/**
 * A TTL cache with in-flight sharing, per worker process: a channel renamed or re-topiced shows up
 * after `ttlMs`, and a burst of first turns in one channel costs one API call.
 *
 * @example
 * const channels = createContextCache<ChannelInfo>({ ttlMs: 5 * 60_000, maxEntries: 1_000 });
 * const info = await channels.get(channelId, () => fetchChannel(channelId));
 */
export function createContextCache<T>({
  ttlMs,
  maxEntries,
  now = Date.now,
}: ContextCacheOptions): ContextCache<T> {
  const entries = new Map<string, { value: Promise<T>; expiresAt: number }>();
  return {
    get(key, load) {
      const cached = entries.get(key);
      if (cached && cached.expiresAt > now()) return cached.value;
      entries.delete(key);
      const value = load();
      entries.set(key, { value, expiresAt: now() + ttlMs });
      // A failed lookup is tried again by the next request rather than remembered.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return value;
    },
  };
}
