import { DEFAULT_RETENTION, type RedisKeys, type Retention } from "@baton/core";
import type { Redis } from "ioredis";
import { z } from "zod";

const remoteSessionSchema = z.object({
  remoteSessionId: z.string().min(1),
  /** The Baton target it was opened for (`targetId`): a retargeted session needs a new one. */
  targetId: z.string().min(1),
});
export type RemoteSession = z.infer<typeof remoteSessionSchema>;
const remotePromptSchema = z.object({
  remoteSessionId: z.string().min(1),
  /** When Baton sent it; a record without a message id is a send whose answer never came. */
  sentAt: z.number(),
  messageId: z.string().min(1).optional(),
});
export type RemotePrompt = z.infer<typeof remotePromptSchema>;

/**
 * What Baton remembers about Open-Inspect: each Baton session's remote session, and each turn's
 * queued prompt, so that a retried turn follows the prompt it already sent instead of sending it again.
 */
export interface RemoteSessionStore {
  getSession(batonSessionId: string): Promise<RemoteSession | null>;
  setSession(batonSessionId: string, remote: RemoteSession): Promise<void>;
  getPrompt(turnId: string): Promise<RemotePrompt | null>;
  /** Records the turn's prompt; one with a message id is also remembered as the remote session's. */
  setPrompt(turnId: string, prompt: RemotePrompt): Promise<void>;
  /**
   * The messages Baton's turns queued in the remote session (their answers came, or were found):
   * a lost answer is looked up among the others only, so that a prompt that says what an earlier
   * one said is not taken for it.
   */
  queuedMessageIds(remoteSessionId: string): Promise<ReadonlySet<string>>;
}

/** The store in Redis, under Baton's prefix: sessions kept as long as Baton's, prompts as its turns. */
export function createRedisRemoteSessionStore({
  redis,
  keys,
  retention = DEFAULT_RETENTION,
}: {
  redis: Pick<Redis, "get" | "set" | "multi" | "smembers">;
  keys: RedisKeys;
  retention?: Retention;
}): RemoteSessionStore {
  const sessionKey = (id: string) => keys.scoped("openinspect", "session", id);
  const promptKey = (id: string) => keys.scoped("openinspect", "prompt", id);
  const messagesKey = (remoteSessionId: string) => keys.scoped("openinspect", "messages", remoteSessionId);
  async function read<T>(key: string, schema: z.ZodType<T>): Promise<T | null> {
    const raw = await redis.get(key);
    return raw === null ? null : schema.parse(JSON.parse(raw));
  }
  return {
    getSession: (batonSessionId) => read(sessionKey(batonSessionId), remoteSessionSchema),
    async setSession(batonSessionId, remote) {
      await redis.set(sessionKey(batonSessionId), JSON.stringify(remote), "PX", retention.sessionMs);
    },
    getPrompt: (turnId) => read(promptKey(turnId), remotePromptSchema),
    async setPrompt(turnId, prompt) {
      const record = JSON.stringify(prompt);
      if (!prompt.messageId) {
        await redis.set(promptKey(turnId), record, "PX", retention.turnMs);
        return;
      }
      // The session's messages are kept as long as a session: a follow-up days later may still
      // repeat an old prompt.
      const messages = messagesKey(prompt.remoteSessionId);
      await redis
        .multi()
        .set(promptKey(turnId), record, "PX", retention.turnMs)
        .sadd(messages, prompt.messageId)
        .pexpire(messages, retention.sessionMs)
        .exec();
    },
    async queuedMessageIds(remoteSessionId) {
      return new Set(await redis.smembers(messagesKey(remoteSessionId)));
    },
  };
}
