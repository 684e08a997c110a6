import type { Redis } from "ioredis";
import type { RedisKeys } from "./redis-keys.js";

/** Replies are remembered as long as their turns are. */
export const REPLY_LEDGER_TTL_MS = 30 * 24 * 60 * 60_000;

/**
 * What a replier has already posted for a turn (message timestamps, comment ids, reaction
 * markers). A retried turn looks here first and edits instead of posting a second time.
 */
export interface ReplyLedger {
  get(turnId: string, field: string): Promise<string | null>;
  set(turnId: string, field: string, value: string): Promise<void>;
  /** Records `value` only if nothing is recorded yet; true when this call recorded it. */
  claim(turnId: string, field: string, value: string): Promise<boolean>;
}

export function createReplyLedger({ redis, keys }: { redis: Redis; keys: RedisKeys }): ReplyLedger {
  return {
    get: (turnId, field) => redis.hget(keys.reply(turnId), field),
    async set(turnId, field, value) {
      await redis
        .multi()
        .hset(keys.reply(turnId), field, value)
        .pexpire(keys.reply(turnId), REPLY_LEDGER_TTL_MS)
        .exec();
    },
    async claim(turnId, field, value) {
      const [[, claimed] = [null, 0]] =
        (await redis
          .multi()
          .hsetnx(keys.reply(turnId), field, value)
          .pexpire(keys.reply(turnId), REPLY_LEDGER_TTL_MS)
          .exec()) ?? [];
      return claimed === 1;
    },
  };
}
