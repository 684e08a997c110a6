import type { Redis } from "ioredis";
import { DEFAULT_RETENTION, type Retention } from "../retention/retention.js";
import type { RedisKeys } from "./redis-keys.js";

/**
 * Who owns a conversation that has no session yet: the first person Baton asked where to work
 * (with a picker). Until the session opens, nobody else's turn opens it, and the owner's stop is
 * never blocked by someone else's queued turn. Once the session exists, its requester decides.
 */
export interface ConversationOwnerStore {
  /** Records `userId` as the owner unless someone already is; returns the owner either way. */
  claim(conversationKey: string, userId: string): Promise<string>;
  owner(conversationKey: string): Promise<string | null>;
}

/** An owner is kept `retention.conversationOwnerMs`, like the stores' other records. */
export function createConversationOwnerStore({
  redis,
  keys,
  retention = DEFAULT_RETENTION,
}: {
  redis: Redis;
  keys: RedisKeys;
  retention?: Retention;
}): ConversationOwnerStore {
  const ttlMs = retention.conversationOwnerMs;
  const keyOf = (conversationKey: string) => keys.scoped("conversation-owner", conversationKey);
  return {
    async claim(conversationKey, userId) {
      // SET NX … GET answers with the owner there was, in one step.
      const before = await redis.set(keyOf(conversationKey), userId, "PX", ttlMs, "NX", "GET");
      return before ?? userId;
    },
    owner: (conversationKey) => redis.get(keyOf(conversationKey)),
  };
}
