// The Lua of intake's one Redis step. Kept apart from intake.ts so the TypeScript reads on its own.
import { type RequestRefusal, redisScript } from "@baton/core";

// Token buckets, peeked before anything is decided and taken only for a turn that is queued, so a
// refused or repeated delivery costs nothing. State: a STRING '<tokens> <at ms>', so that both
// buckets are read with one MGET and each written with one SET … PX (as HASHes they took six
// calls for what these take in three). A bucket that sat unused long enough to be full again
// expires. A key of another type (a bucket an older Baton wrote as a HASH) reads as full and is
// replaced.
const BUCKET_HELPERS = `
local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local function level(state, per_minute, burst, now)
  if burst <= 0 then return nil end
  local space = state and string.find(state, ' ', 1, true)
  if not space then return burst end
  local tokens = tonumber(string.sub(state, 1, space - 1)) or burst
  local at = tonumber(string.sub(state, space + 1)) or now
  return math.min(burst, tokens + math.max(0, now - at) * per_minute / 60000)
end
local function wait_ms(tokens, per_minute)
  return math.ceil((1 - tokens) * 60000 / per_minute)
end
local function take(key, tokens, per_minute, burst, now)
  if tokens == nil then return end
  redis.call('SET', key, tostring(tokens - 1) .. ' ' .. string.format('%d', now), 'PX', math.ceil(burst * 60000 / per_minute) + 1000)
end
-- Returns refusal, retry ms, and the two peeked levels (nil for a bucket that is off).
local function check_buckets(user_key, workspace_key, args, now)
  local user_rate, user_burst = tonumber(args[1]), tonumber(args[2])
  local ws_rate, ws_burst = tonumber(args[3]), tonumber(args[4])
  local states = redis.call('MGET', user_key, workspace_key)
  local user = level(states[1], user_rate, user_burst, now)
  local ws = level(states[2], ws_rate, ws_burst, now)
  if user and user < 1 then return 'user_rate_limited', wait_ms(user, user_rate), user, ws end
  if ws and ws < 1 then return 'workspace_rate_limited', wait_ms(ws, ws_rate), user, ws end
  return false, 0, user, ws
end
local function take_buckets(user_key, workspace_key, args, user, ws, now)
  take(user_key, user, tonumber(args[1]), tonumber(args[2]), now)
  take(workspace_key, ws, tonumber(args[3]), tonumber(args[4]), now)
end
`;

// Claims the delivery and, if it is new and the conversation has room, stores the turn and queues
// its id at the tail of the conversation's inbox; a refused turn is stored finished, with its
// reason, so that its reply is posted once. KEYS: delivery, turn, inbox. ARGV: turn id, turn JSON,
// delivery TTL ms, turn TTL ms, conversation key, max queued (0: no cap). The three keys share
// the conversation's hash tag (one Cluster slot). Sets outcome = { 'new' } | { status } |
// { 'refused', reason, retry ms }.
//
// The steering check: requester_key holds who started the conversation's session (absent: no
// session yet); policy is '' (not checked here), 'requester', 'channel', or ',U1,U2,' (a list).
const CLAIM = `
local function may_steer(requester_key, actor, policy)
  if policy == '' then return true end
  local requester = redis.call('GET', requester_key)
  if not requester or requester == actor or policy == 'channel' then return true end
  if policy == 'requester' then return false end
  return string.find(policy, ',' .. actor .. ',', 1, true) ~= nil
end
-- A refused turn is stored finished, with its reason, so that its reply is posted once.
local function refuse(refusal, retry)
  redis.call('HSET', KEYS[2], 'data', ARGV[2], 'status', 'failed', 'attempts', 0, 'refused', refusal, 'retryAfterMs', retry)
  redis.call('PEXPIRE', KEYS[2], ARGV[4])
  return { 'refused', refusal, retry }
end
-- refusal may be a function: the buckets, peeked only once the delivery is known to be new.
local function claim(refusal, retry, requester_key, actor, policy)
  if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[3]) then
    return { redis.call('HGET', KEYS[2], 'status') or 'expired' }
  end
  if type(refusal) == 'function' then refusal, retry = refusal() end
  if not refusal and not may_steer(requester_key, actor, policy) then refusal, retry = 'may_not_steer', 0 end
  if refusal then return refuse(refusal, retry) end
  -- Queued first and taken back when that overfills the inbox: a turn that fits costs one call.
  local max = tonumber(ARGV[6])
  if redis.call('RPUSH', KEYS[3], ARGV[1]) > max and max > 0 then
    redis.call('RPOP', KEYS[3])
    return refuse('conversation_full', 0)
  end
  redis.call('PEXPIRE', KEYS[3], ARGV[4])
  redis.call('HSET', KEYS[2], 'data', ARGV[2], 'status', 'queued', 'attempts', 0)
  redis.call('PEXPIRE', KEYS[2], ARGV[4])
  return { 'new' }
end
`;

/**
 * One Redis: claim, limits and the intake stream entry in one command. KEYS: delivery, turn,
 * inbox, stream, user bucket, workspace bucket, session requester. ARGV: as CLAIM, then user per
 * minute, user burst, workspace per minute, workspace burst, actor id, steering policy.
 */
const INTAKE_SCRIPT = `${BUCKET_HELPERS}${CLAIM}
local bucket_args = { ARGV[7], ARGV[8], ARGV[9], ARGV[10] }
local now, user, ws
-- A repeated delivery stops at the claim: its buckets are neither peeked nor taken.
local outcome = claim(function()
  now = now_ms()
  local refusal, retry
  refusal, retry, user, ws = check_buckets(KEYS[5], KEYS[6], bucket_args, now)
  return refusal, retry
end, 0, KEYS[7], ARGV[11], ARGV[12])
if outcome[1] == 'new' then take_buckets(KEYS[5], KEYS[6], bucket_args, user, ws, now) end
redis.call('XADD', KEYS[4], '*', 'turn', ARGV[1], 'conversation', ARGV[5])
return outcome
`;

/**
 * Cluster, step 1: the buckets live in the workspace's slot, not the conversation's, so they are
 * checked and taken first (a retried delivery costs a token there). KEYS: user bucket, workspace
 * bucket. ARGV: user per minute, user burst, workspace per minute, workspace burst. Returns
 * { refusal or '', retry ms }.
 */
const TAKE_TOKENS_SCRIPT = `${BUCKET_HELPERS}
local now = now_ms()
local refusal, retry, user, ws = check_buckets(KEYS[1], KEYS[2], ARGV, now)
if refusal then return { refusal, retry } end
take_buckets(KEYS[1], KEYS[2], ARGV, user, ws, now)
return { '', 0 }
`;

/**
 * Cluster, step 2: the claim with the buckets' verdict. KEYS as CLAIM, then the session
 * requester; ARGV as CLAIM, then the refusal ('' for none), its retry ms, the actor id and the
 * steering policy. The stream entry follows as a command of its own.
 */
const CLAIM_SCRIPT = `${CLAIM}
local refusal = ARGV[7] ~= '' and ARGV[7] or false
return claim(refusal, tonumber(ARGV[8]), KEYS[4], ARGV[9], ARGV[10])
`;

/** What a claim replies: `new`, the status of the turn a repeated delivery started, or a refusal. */
export type ClaimOutcome = [kind: string, reason?: RequestRefusal, retryAfterMs?: number];
type ClaimKeys = [delivery: string, turn: string, inbox: string];
export type ClaimArgs = [
  turnId: string,
  turnJson: string,
  deliveryTtlMs: number,
  turnTtlMs: number,
  conversationKey: string,
  maxQueued: number,
];
type BucketKeys = [userBucket: string, workspaceBucket: string];
export type BucketArgs = [
  userPerMinute: number,
  userBurst: number,
  workspacePerMinute: number,
  workspaceBurst: number,
];
export type SteeringArgs = [actorId: string, steeringPolicy: string];

export const INTAKE_SCRIPTS = {
  batonIntake: redisScript<
    [...ClaimKeys, stream: string, ...BucketKeys, requester: string],
    [...ClaimArgs, ...BucketArgs, ...SteeringArgs],
    ClaimOutcome
  >({ numberOfKeys: 7, lua: INTAKE_SCRIPT }),
  batonIntakeTokens: redisScript<BucketKeys, BucketArgs, [refusal: string, retryAfterMs: number]>({
    numberOfKeys: 2,
    lua: TAKE_TOKENS_SCRIPT,
  }),
  batonIntakeClaim: redisScript<
    [...ClaimKeys, requester: string],
    [...ClaimArgs, refusal: string, retryAfterMs: number, ...SteeringArgs],
    ClaimOutcome
  >({ numberOfKeys: 4, lua: CLAIM_SCRIPT }),
};
