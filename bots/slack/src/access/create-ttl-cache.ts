import { createExpiringMap } from "@baton/core";

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
  const answers = createExpiringMap<Promise<T>>({ ttlMs, now });
  const lookup = (key: string) => {
    const hit = answers.get(key);
    if (hit) return hit;
    const value = load(key);
    value.catch(() => {
      if (answers.get(key) === value) answers.delete(key);
    });
    answers.set(key, value);
    return value;
  };
  return Object.defineProperty(lookup, "size", { get: () => answers.size }) as TtlCache<T>;
}
