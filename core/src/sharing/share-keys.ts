import type { RedisKeys } from "../store/redis-keys.js";

/** Where shares live in Redis. */
export interface ShareKeys {
  /** Hash: the session's current share (`state` live or revoked, `idHash`, expiry, sealed id). */
  record(sessionId: string): string;
  /** String: the session id, stored under the SHA-256 of the share id, never the id itself. */
  byHash(idHash: string): string;
  /** Sorted set: session ids of expiring shares, scored by expiry (ms); what the sweeper reads. */
  expiries(): string;
  /** Sorted set: session ids of live shares, scored by creation (ms); what `baton share list` reads. */
  index(): string;
}

/**
 * One hash tag for every share key: creating or revoking a share changes a session's record, an
 * id key and both indexes in one script, which a Redis Cluster allows only within one slot.
 */
export function createShareKeys(keys: RedisKeys): ShareKeys {
  const scoped = (...parts: string[]) => keys.scoped("{share}", ...parts);
  return {
    record: (sessionId) => scoped("session", sessionId),
    byHash: (idHash) => scoped("id", idHash),
    expiries: () => scoped("expiries"),
    index: () => scoped("index"),
  };
}
