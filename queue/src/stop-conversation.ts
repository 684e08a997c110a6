import {
  defineRedisScripts,
  type RedisKeys,
  redisScript,
  type StopConversation,
  type StopResult,
} from "@baton/core";
import type { Queue } from "bullmq";
import type { Redis } from "ioredis";
import type { TurnJob } from "./turn-job.js";

/** The stop contract lives in core, where every bot's controls use it. */
export type { StopConversation, StopResult };

// In one step: flag and signal the running head turn, drop every other queued turn but the one to
// keep (never stopped, even if the turn ahead ended and it already runs). A head marked running
// whose lock is gone belongs to a dead worker: it is dropped like a queued one. KEYS: inbox, stop
// channel, lock. ARGV: the conversation's turn-key prefix (same hash tag), the turn to keep ('' for
// none).
const STOP_SCRIPT = `
local ids = redis.call('LRANGE', KEYS[1], 0, -1)
local running = ''
if ids[1] and ids[1] ~= ARGV[2] and redis.call('HGET', ARGV[1] .. ids[1], 'status') == 'running' and redis.call('EXISTS', KEYS[3]) == 1 then
  running = ids[1]
  redis.call('HSET', ARGV[1] .. running, 'stopRequested', '1')
end
local result = { running }
for _, id in ipairs(ids) do
  if id ~= running and id ~= ARGV[2] then
    redis.call('HSET', ARGV[1] .. id, 'status', 'cancelled')
    redis.call('LREM', KEYS[1], 1, id)
    table.insert(result, id)
  end
end
if running ~= '' then redis.call('PUBLISH', KEYS[2], running) end
return result
`;

const STOP_SCRIPTS = {
  // Replies [running turn id or '', ...cancelled turn ids].
  batonStopConversation: redisScript<
    [inbox: string, stopChannel: string, lock: string],
    [turnKeyPrefix: string, keep: string],
    string[]
  >({ numberOfKeys: 3, lua: STOP_SCRIPT }),
};

/** Stops a conversation: aborts its running turn (wherever it runs) and drops what waits behind it (but `keep`). */
export function createStopConversation({
  redis,
  keys,
  turns,
}: {
  redis: Redis;
  keys: RedisKeys;
  turns: Queue<TurnJob>;
}): StopConversation {
  const scripts = defineRedisScripts(redis, STOP_SCRIPTS);
  return async (conversationKey, { keep = "" } = {}) => {
    const turnPrefix = keys.turn(conversationKey, "");
    const [running = "", ...cancelled] = await scripts.batonStopConversation(
      [keys.inbox(conversationKey), keys.stopChannel(conversationKey), keys.lock(conversationKey)],
      [turnPrefix, keep],
    );
    // A job that is active elsewhere cannot be removed; its worker finds the turn cancelled.
    await Promise.allSettled(cancelled.map((id) => turns.remove(id)));
    return { stoppedTurnId: running || null, cancelledTurnIds: cancelled };
  };
}
