import { defineRedisScripts, type RedisKeys, redisScript } from "@baton/core";
import type { Redis } from "ioredis";
import { fieldsOf, parseTurnFields, type TurnRead } from "./turn-record.js";

// What the dispatcher needs of a turn, in one round trip where it was three (the record, the
// acknowledgement's claim, whether the turn heads its conversation): the turn's hash; the claim on
// its acknowledgement, taken for a turn that is queued or running (the dispatcher acknowledges
// only such a turn, and only the caller that took the claim does); and whether it is at the head.
// KEYS: turn, inbox (one hash tag). ARGV: turn id.
const DISPATCH_READ_SCRIPT = `
local fields = redis.call('HGETALL', KEYS[1])
local status = redis.call('HGET', KEYS[1], 'status')
local claimed = 0
if #fields > 0 and (not status or status == 'queued' or status == 'running') then
  claimed = redis.call('HSETNX', KEYS[1], 'acked', '1')
end
local head = 0
if redis.call('LINDEX', KEYS[2], 0) == ARGV[1] then head = 1 end
return { fields, claimed, head }
`;

const DISPATCH_READ_SCRIPTS = {
  batonDispatchRead: redisScript<
    [turn: string, inbox: string],
    [turnId: string],
    [fields: string[], claimed: number, head: number]
  >({ numberOfKeys: 2, lua: DISPATCH_READ_SCRIPT }),
};

export interface DispatchRead {
  read: TurnRead;
  /** This caller holds the claim on the acknowledgement (the field `acked`), and must post it. */
  ackClaimed: boolean;
  /** The turn was at the head of its conversation's inbox. */
  isHead: boolean;
}

/** Reads a turn for the dispatcher; see DISPATCH_READ_SCRIPT. */
export function createDispatchRead(
  redis: Redis,
  keys: RedisKeys,
): (conversationKey: string, turnId: string) => Promise<DispatchRead> {
  const scripts = defineRedisScripts(redis, DISPATCH_READ_SCRIPTS);
  return async (conversationKey, turnId) => {
    const [pairs, claimed, head] = await scripts.batonDispatchRead(
      [keys.turn(conversationKey, turnId), keys.inbox(conversationKey)],
      [turnId],
    );
    return { read: parseTurnFields(fieldsOf(pairs)), ackClaimed: claimed === 1, isHead: head === 1 };
  };
}
