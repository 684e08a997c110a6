import { DEFAULT_RETENTION, errorMessage, type Logger, type RedisKeys, type Retention } from "@baton/core";
import {
  type AgentConversation,
  type AgentMemory,
  agentConversationSchema,
  EMPTY_CONVERSATION,
} from "./agent-memory.js";

/** The two Redis commands the memory needs (an ioredis client has them). */
export interface KeyValueRedis {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, mode: "PX", ttlMs: number): Promise<unknown>;
}

/**
 * Each session's conversation with the built-in agent, as one JSON value under Baton's prefix,
 * living as long as the session. What cannot be read back is logged and forgotten: the next turn
 * starts without memory rather than failing.
 */
export function createRedisAgentMemory({
  redis,
  keys,
  logger,
  retention = DEFAULT_RETENTION,
}: {
  redis: KeyValueRedis;
  keys: RedisKeys;
  logger: Logger;
  retention?: Retention;
}): AgentMemory {
  const keyOf = (sessionId: string) => keys.scoped("openai", "conversation", sessionId);
  return {
    async load(sessionId) {
      const raw = await redis.get(keyOf(sessionId));
      if (raw === null) return EMPTY_CONVERSATION;
      try {
        return agentConversationSchema.parse(JSON.parse(raw));
      } catch (error) {
        logger.warn("backends.openai.memory_unreadable", {
          session_id: sessionId,
          error: errorMessage(error),
        });
        return EMPTY_CONVERSATION;
      }
    },
    async save(sessionId, conversation: AgentConversation) {
      await redis.set(keyOf(sessionId), JSON.stringify(conversation), "PX", retention.sessionMs);
    },
  };
}
