/**
 * Remembers each key's answer for `ttlMs`; a failed lookup is forgotten at once, so the next
 * request asks again. `size` is how many answers it holds.
 */
export type TtlCache<T> = ((key: string) => Promise<T>) & { readonly size: number };

/**
 * Caches lookups of facts that change rarely (guest status, user group members) so that the
 * platform is asked at most once per key and `ttlMs`, and concurrent requests share one lookup.
 * Expired answers are dropped as new ones come, so a long-running process holds only the keys of
 * the last `ttlMs`, not every person it ever looked up.
 *
 * @example
 * const members = createTtlCache((group) => listMembers(group), { ttlMs: 5 * 60_000 });
 */
export function createTtlCache<T>(
  load: (key: string) => Promise<T>,
  { ttlMs, now = Date.now }: { ttlMs: number; now?: () => number },
): TtlCache<T> {
  // In the order stored, and so of expiry (every entry lives `ttlMs`): the expired are in front.
  const entries = new Map<string, { value: Promise<T>; until: number }>();
  function dropExpired(at: number) {
    for (const [key, entry] of entries) {
      if (entry.until > at) return;
      entries.delete(key);
    }
  }
  const lookup = (key: string) => {
    const at = now();
    const hit = entries.get(key);
    if (hit && hit.until > at) return hit.value;
    dropExpired(at);
    const value = load(key);
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    entries.delete(key);
    entries.set(key, { value, until: at + ttlMs });
    return value;
  };
  return Object.defineProperty(lookup, "size", { get: () => entries.size }) as TtlCache<T>;
}
