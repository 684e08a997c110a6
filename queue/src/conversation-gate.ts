import { defineRedisScripts, type RedisKeys, redisScript, type TurnStatus } from "@baton/core";
import type { Redis } from "ioredis";
import { fieldsOf } from "./turn-record.js";

export type EnterResult = "entered" | "not_head" | "locked" | "gone";

// A turn may run only at the head of its conversation's inbox and only while it holds the
// conversation's lock; entering marks it running in the same step, so a stop never misses it.
// KEYS: inbox, lock, turn. ARGV: turn id, lock token, lock ms.
const ENTER_SCRIPT = `
local head = redis.call('LINDEX', KEYS[1], 0)
if head ~= ARGV[1] then
  if redis.call('LPOS', KEYS[1], ARGV[1]) then return 'not_head' end
  return 'gone'
end
local holder = redis.call('GET', KEYS[2])
if holder and holder ~= ARGV[2] then return 'locked' end
redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
redis.call('HSET', KEYS[3], 'status', 'running')
redis.call('HINCRBY', KEYS[3], 'attempts', 1)
return 'entered'
`;

// ENTER_SCRIPT for a worker that has not read the turn yet: the turn's hash comes back with the
// outcome (as it was before entering), so that taking up a turn is one round trip rather than a
// read, the entry and a look at `stopRequested`. A turn that is not queued or running (finished,
// or a status this script does not know) is not entered: 'ended'. KEYS and ARGV as ENTER_SCRIPT.
const READ_AND_ENTER_SCRIPT = `
local fields = redis.call('HGETALL', KEYS[3])
if #fields == 0 then return { 'ended', fields } end
local status = redis.call('HGET', KEYS[3], 'status')
if status and status ~= 'queued' and status ~= 'running' then return { 'ended', fields } end
local head = redis.call('LINDEX', KEYS[1], 0)
if head ~= ARGV[1] then
  if redis.call('LPOS', KEYS[1], ARGV[1]) then return { 'not_head', fields } end
  return { 'gone', fields }
end
local holder = redis.call('GET', KEYS[2])
if holder and holder ~= ARGV[2] then return { 'locked', fields } end
redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
redis.call('HSET', KEYS[3], 'status', 'running')
redis.call('HINCRBY', KEYS[3], 'attempts', 1)
return { 'entered', fields }
`;

// KEYS: lock. ARGV: token, lock ms. Renews only a lock we still hold.
const RENEW_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
`;

// Ends a turn: records its status, pops it from the head, releases the lock, and names the next
// head so the caller can wake its job. KEYS: inbox, lock, turn. ARGV: turn id, token, status.
// A turn the watchdog already ended keeps the status it was given.
const LEAVE_SCRIPT = `
local status = redis.call('HGET', KEYS[3], 'status')
if not status or status == 'queued' or status == 'running' then redis.call('HSET', KEYS[3], 'status', ARGV[3]) end
if redis.call('LINDEX', KEYS[1], 0) == ARGV[1] then redis.call('LPOP', KEYS[1]) end
if redis.call('GET', KEYS[2]) == ARGV[2] then redis.call('DEL', KEYS[2]) end
return redis.call('LINDEX', KEYS[1], 0)
`;

// Lets go of the lock but keeps the turn at the head (queued again), so that its retry runs
// before any later turn. KEYS: lock, turn. ARGV: token.
const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1])
  if redis.call('HGET', KEYS[2], 'status') == 'running' then redis.call('HSET', KEYS[2], 'status', 'queued') end
end
return 0
`;

// Takes a turn out of its conversation whatever holds it: for a turn BullMQ gave up on outside
// the worker's own hands (stalled too often). Records `status` unless the turn already finished;
// deletes the lock only if the turn's own worker holds it (lock tokens embed `.<turn id>.`).
// KEYS: inbox, lock, turn. ARGV: turn id, status. Returns { changed, next head }.
const EVICT_SCRIPT = `
local status = redis.call('HGET', KEYS[3], 'status')
local changed = 0
if status == 'queued' or status == 'running' then
  redis.call('HSET', KEYS[3], 'status', ARGV[2])
  changed = 1
end
redis.call('LREM', KEYS[1], 1, ARGV[1])
local holder = redis.call('GET', KEYS[2])
if holder and string.find(holder, '.' .. ARGV[1] .. '.', 1, true) then redis.call('DEL', KEYS[2]) end
return { changed, redis.call('LINDEX', KEYS[1], 0) or '' }
`;

export interface ConversationGate {
  enter(conversationKey: string, turnId: string, token: string): Promise<EnterResult>;
  /**
   * As `enter`, reading the turn's hash in the same step (its fields as they were before
   * entering, empty when it is gone): `ended` when the turn is not queued or running, and then
   * not entered.
   */
  readAndEnter(
    conversationKey: string,
    turnId: string,
    token: string,
  ): Promise<{ entry: EnterResult | "ended"; fields: Record<string, string> }>;
  renew(conversationKey: string, token: string): Promise<boolean>;
  /** Whether the turn is at the head of its conversation's inbox. */
  isHead(conversationKey: string, turnId: string): Promise<boolean>;
  /** Returns the id of the turn now at the head, if any. */
  leave(conversationKey: string, turnId: string, token: string, status: TurnStatus): Promise<string | null>;
  release(conversationKey: string, turnId: string, token: string): Promise<void>;
  /** Removes a turn from its conversation without its lock token; says whether its status changed. */
  evict(
    conversationKey: string,
    turnId: string,
    status: TurnStatus,
  ): Promise<{ changed: boolean; next: string | null }>;
}

type GateKeys = [inbox: string, lock: string, turn: string];
const GATE_SCRIPTS = {
  batonGateEnter: redisScript<GateKeys, [turnId: string, token: string, lockMs: number], EnterResult>({
    numberOfKeys: 3,
    lua: ENTER_SCRIPT,
  }),
  batonGateReadAndEnter: redisScript<
    GateKeys,
    [turnId: string, token: string, lockMs: number],
    [entry: EnterResult | "ended", fields: string[]]
  >({
    numberOfKeys: 3,
    lua: READ_AND_ENTER_SCRIPT,
  }),
  batonGateRenew: redisScript<[lock: string], [token: string, lockMs: number], number>({
    numberOfKeys: 1,
    lua: RENEW_SCRIPT,
  }),
  batonGateLeave: redisScript<GateKeys, [turnId: string, token: string, status: TurnStatus], string | null>({
    numberOfKeys: 3,
    lua: LEAVE_SCRIPT,
  }),
  batonGateRelease: redisScript<[lock: string, turn: string], [token: string], number>({
    numberOfKeys: 2,
    lua: RELEASE_SCRIPT,
  }),
  batonGateEvict: redisScript<
    GateKeys,
    [turnId: string, status: TurnStatus],
    [changed: number, next: string]
  >({
    numberOfKeys: 3,
    lua: EVICT_SCRIPT,
  }),
};

export function createConversationGate({
  redis,
  keys,
  lockMs,
}: {
  redis: Redis;
  keys: RedisKeys;
  lockMs: number;
}): ConversationGate {
  const scripts = defineRedisScripts(redis, GATE_SCRIPTS);
  const gateKeys = (key: string, turnId: string): GateKeys => [
    keys.inbox(key),
    keys.lock(key),
    keys.turn(key, turnId),
  ];
  return {
    enter: (key, turnId, token) => scripts.batonGateEnter(gateKeys(key, turnId), [turnId, token, lockMs]),
    readAndEnter: async (key, turnId, token) => {
      const [entry, pairs] = await scripts.batonGateReadAndEnter(gateKeys(key, turnId), [
        turnId,
        token,
        lockMs,
      ]);
      return { entry, fields: fieldsOf(pairs) };
    },
    renew: async (key, token) => (await scripts.batonGateRenew([keys.lock(key)], [token, lockMs])) === 1,
    isHead: async (key, turnId) => (await redis.lindex(keys.inbox(key), 0)) === turnId,
    leave: (key, turnId, token, status) =>
      scripts.batonGateLeave(gateKeys(key, turnId), [turnId, token, status]),
    release: async (key, turnId, token) => {
      await scripts.batonGateRelease([keys.lock(key), keys.turn(key, turnId)], [token]);
    },
    evict: async (key, turnId, status) => {
      const [changed, next] = await scripts.batonGateEvict(gateKeys(key, turnId), [turnId, status]);
      return { changed: changed === 1, next: next || null };
    },
  };
}
