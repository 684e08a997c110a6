import { gunzipSync, gzipSync } from "node:zlib";
import { DEFAULT_RETENTION, type RedisKeys, type Retention } from "@baton/core";
import { z } from "zod";

/** What a session's Codex thread needs to resume on any worker: its id and its rollout file. */
export interface StoredThread {
  threadId: string;
  /** The rollout's path inside CODEX_HOME (`sessions/YYYY/MM/DD/rollout-…-<thread id>.jsonl`). */
  rolloutPath: string;
  /** The rollout file's content (the thread's whole history, JSON lines). */
  rollout: string;
}

/** Where the harness keeps each session's thread, so that a follow-up on another worker resumes it. */
export interface HarnessThreadStore {
  load(sessionId: string): Promise<StoredThread | undefined>;
  save(sessionId: string, thread: StoredThread): Promise<void>;
  remove(sessionId: string): Promise<void>;
}

/** The three Redis commands the store needs (an ioredis client has them). */
export interface ThreadStoreRedis {
  getBuffer(key: string): Promise<Buffer | null>;
  set(key: string, value: Buffer, mode: "PX", ttlMs: number): Promise<unknown>;
  del(key: string): Promise<number>;
}

const storedThreadSchema = z.object({
  version: z.literal(1),
  threadId: z.string().min(1),
  rolloutPath: z.string().min(1),
  rollout: z.string(),
});

export class ThreadStateUnreadableError extends Error {
  constructor(sessionId: string, options?: { cause?: unknown }) {
    super(`The Codex thread state of session ${sessionId} in Redis could not be read.`, options);
    this.name = new.target.name;
  }
}

/**
 * One gzipped JSON value per session under Baton's prefix, living as long as the session. Rollouts
 * are verbose JSON lines and shrink about tenfold.
 */
export function createRedisThreadStore({
  redis,
  keys,
  retention = DEFAULT_RETENTION,
}: {
  redis: ThreadStoreRedis;
  keys: RedisKeys;
  retention?: Retention;
}): HarnessThreadStore {
  const keyOf = (sessionId: string) => keys.scoped("codex", "thread", sessionId);
  return {
    async load(sessionId) {
      const raw = await redis.getBuffer(keyOf(sessionId));
      if (raw === null) return undefined;
      try {
        const { threadId, rolloutPath, rollout } = storedThreadSchema.parse(
          JSON.parse(gunzipSync(raw).toString("utf8")),
        );
        return { threadId, rolloutPath, rollout };
      } catch (error) {
        throw new ThreadStateUnreadableError(sessionId, { cause: error });
      }
    },
    async save(sessionId, thread) {
      const value = gzipSync(JSON.stringify({ version: 1, ...thread }));
      await redis.set(keyOf(sessionId), value, "PX", retention.sessionMs);
    },
    async remove(sessionId) {
      await redis.del(keyOf(sessionId));
    },
  };
}
