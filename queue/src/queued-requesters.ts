import { type QueuedRequesters, type RedisKeys, turnSchema } from "@baton/core";
import type { Redis } from "ioredis";
import { parseJsonOrNull } from "./turn-record.js";

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
    return records.flatMap((data) => {
      // A record this Baton cannot read names nobody: it must not keep a stop from being asked.
      const turn = data ? turnSchema.safeParse(parseJsonOrNull(data)) : null;
      return turn?.success ? [turn.data.request.actor.id] : [];
    });
  };
}
