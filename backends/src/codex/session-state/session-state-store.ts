import type { Logger, RedisKeys } from "@baton/core";
import { errorMessage } from "@baton/core";
import { type SessionState, sessionStateSchema } from "./session-state.js";

/** The Redis commands the store needs (an ioredis client has them). */
export interface SessionStateRedis {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, mode: "PX", ttlMs: number): Promise<unknown>;
  del(key: string): Promise<unknown>;
}

export interface SessionStateStore {
  load(sessionId: string): Promise<SessionState | null>;
  save(sessionId: string, state: SessionState): Promise<void>;
  forget(sessionId: string): Promise<void>;
}

export interface SessionStateStoreOptions {
  redis: SessionStateRedis;
  keys: RedisKeys;
  /** As long as the session lives (BATON_RETENTION's session lifetime). */
  ttlMs: number;
  logger: Logger;
}

/**
 * Each coding session's state as one JSON value under Baton's prefix, living as long as the
 * session: each save renews it. A value that cannot be read back is logged and treated as
 * absent, so the next turn starts a new branch rather than failing forever.
 */
export function createSessionStateStore({
  redis,
  keys,
  ttlMs,
  logger,
}: SessionStateStoreOptions): SessionStateStore {
  const keyOf = (sessionId: string) => keys.scoped("codex", "session", sessionId);
  return {
    async load(sessionId) {
      const raw = await redis.get(keyOf(sessionId));
      if (raw === null) return null;
      try {
        return sessionStateSchema.parse(JSON.parse(raw));
      } catch (error) {
        logger.warn("backends.codex.session_state_unreadable", {
          session_id: sessionId,
          error: errorMessage(error),
        });
        return null;
      }
    },
    async save(sessionId, state) {
      await redis.set(keyOf(sessionId), JSON.stringify(state), "PX", ttlMs);
    },
    async forget(sessionId) {
      await redis.del(keyOf(sessionId));
    },
  };
}
