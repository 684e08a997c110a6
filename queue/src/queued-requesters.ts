import { type QueuedRequesters, type RedisKeys, turnSchema } from "@baton/core";
import type { Redis } from "ioredis";

export type { QueuedRequesters };

/**
 * Who asked for the turns waiting (or running) in a conversation, in order: before a session
 * exists, they are the people who may stop them.
 */
export function createQueuedRequesters({ redis, keys }: { redis: Redis; keys: RedisKeys }): QueuedRequesters {
  return async (conversationKey) => {
    const turnIds = await redis.lrange(keys.inbox(conversationKey), 0, -1);
    if (turnIds.length === 0) return [];
    const records = await Promise.all(
      turnIds.map((id) => redis.hget(keys.turn(conversationKey, id), "data")),
    );
    return records.flatMap((data) => (data ? [turnSchema.parse(JSON.parse(data)).request.actor.id] : []));
  };
}
