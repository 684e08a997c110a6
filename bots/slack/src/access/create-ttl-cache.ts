/** Remembers each key's answer for `ttlMs`; a failed lookup is forgotten at once, so the next request asks again. */
export type TtlCache<T> = (key: string) => Promise<T>;

/**
 * Caches lookups of facts that change rarely (guest status, user group members) so that the
 * platform is asked at most once per key and `ttlMs`, and concurrent requests share one lookup.
 *
 * @example
 * const members = createTtlCache((group) => listMembers(group), { ttlMs: 5 * 60_000 });
 */
export function createTtlCache<T>(
  load: (key: string) => Promise<T>,
  { ttlMs, now = Date.now }: { ttlMs: number; now?: () => number },
): TtlCache<T> {
  const entries = new Map<string, { value: Promise<T>; until: number }>();
  return (key) => {
    const at = now();
    const hit = entries.get(key);
    if (hit && hit.until > at) return hit.value;
    const value = load(key);
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    entries.set(key, { value, until: at + ttlMs });
    return value;
  };
}
