import { createExpiringMap } from "./create-expiring-map.js";

/**
 * Remembers each key's answer for `ttlMs`; a failed lookup is forgotten at once, so the next
 * request asks again. `size` is how many answers it holds.
 */
export type TtlCache<T, I = string> = ((input: I) => Promise<T>) & { readonly size: number };

export interface TtlCacheOptions {
  ttlMs: number;
  /** Answers kept at most; the oldest go first (no bound but time without it). */
  maxEntries?: number;
  now?: () => number;
}

/**
 * Caches lookups of facts that change rarely (a person's guest status, a group's members, a
 * repository's settings) so that the platform is asked at most once per key and `ttlMs`, and
 * concurrent requests share one lookup. Expired answers are dropped as new ones come, so a
 * long-running process holds only the keys of the last `ttlMs`, not every key it ever looked up.
 * A lookup whose input is not its key says how to key it (`keyOf`): the first caller's input is
 * the one looked up.
 *
 * @example
 * const members = createTtlCache((group) => listMembers(group), { ttlMs: 5 * 60_000 });
 * const roles = createTtlCache((who: { repo: string; login: string }) => fetchRole(who), {
 *   ttlMs: 60_000,
 *   keyOf: ({ repo, login }) => `${repo.toLowerCase()}\u0000${login.toLowerCase()}`,
 * });
 */
export function createTtlCache<T>(load: (key: string) => Promise<T>, options: TtlCacheOptions): TtlCache<T>;
export function createTtlCache<T, I>(
  load: (input: I) => Promise<T>,
  options: TtlCacheOptions & { keyOf: (input: I) => string },
): TtlCache<T, I>;
export function createTtlCache<T, I>(
  load: (input: I) => Promise<T>,
  { ttlMs, maxEntries, now = Date.now, keyOf }: TtlCacheOptions & { keyOf?: (input: I) => string },
): TtlCache<T, I> {
  const answers = createExpiringMap<Promise<T>>({ ttlMs, maxEntries, now });
  const lookup = (input: I) => {
    const key = keyOf ? keyOf(input) : (input as string);
    const hit = answers.get(key);
    if (hit) return hit;
    const value = load(input);
    value.catch(() => {
      if (answers.get(key) === value) answers.delete(key);
    });
    answers.set(key, value);
    return value;
  };
  return Object.defineProperty(lookup, "size", { get: () => answers.size }) as TtlCache<T, I>;
}
