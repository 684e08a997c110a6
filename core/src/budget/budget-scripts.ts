import { redisScript } from "../store/redis-scripts.js";

// Every worker reads the bucket on one clock, Redis's: workers on hosts whose clocks differ would
// otherwise disagree about it, the one ahead seeing tokens that are not there yet. Tests hand in a
// clock of their own as ARGV[1]. Redis replicates a script's effects, so reading TIME before
// writing is allowed (Redis 5 and later).
const NOW_FROM_ARGV_OR_REDIS = `
local now = tonumber(ARGV[1])
if now == nil then
  local time = redis.call('TIME')
  now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end`;

// A shared GCRA (generic cell rate algorithm) bucket: `tat` is the theoretical arrival time of the
// next request; the bucket holds `burst` tokens, one refilled every `interval` ms. A progress take
// leaves `reserve` tokens for the requests a person waits on, and joins a queue of the sessions
// waiting, served oldest first, so that no session is starved by quicker pollers.
// A progress waiter is told when its turn could come: its rank among the waiters, each ahead of it
// taking one token, at the bucket's rate (at most maxWaitMs). It asks again only then, so a deep
// queue costs about one call per waiter per grant instead of one per waiter per interval. The seen
// zset holds when each waiter is gone: staleMs after the time it was told to ask again, so that a
// waiter told to sleep long stays in the queue meanwhile, and a dead worker's waiter leaves it
// staleMs after it failed to come back.
// KEYS: state hash, waiting zset (member → when it began to wait), seen zset (member → when it is
// gone). ARGV: now ('' for Redis's own clock), interval, burst, reserve, member ('' for a request a
// person waits on), staleMs, maxWaitMs. Reply: { granted (0|1), waitMs, tokens left }.
const TAKE = `${NOW_FROM_ARGV_OR_REDIS}
local interval = tonumber(ARGV[2])
local burst = tonumber(ARGV[3])
local reserve = tonumber(ARGV[4])
local member = ARGV[5]
local staleMs = tonumber(ARGV[6])
local maxWaitMs = tonumber(ARGV[7])
local paused = tonumber(redis.call('HGET', KEYS[1], 'paused') or '0')
local tat = tonumber(redis.call('HGET', KEYS[1], 'tat') or '0')
if tat < now then tat = now end
local available = math.floor((burst * interval - (tat - now)) / interval + 1e-9)
local function refuse(waitMs)
  waitMs = math.max(1, math.min(maxWaitMs, math.ceil(waitMs)))
  if member ~= '' then
    redis.call('ZADD', KEYS[3], now + waitMs + staleMs, member)
    redis.call('PEXPIRE', KEYS[2], (maxWaitMs + staleMs) * 2)
    redis.call('PEXPIRE', KEYS[3], (maxWaitMs + staleMs) * 2)
  end
  return { 0, waitMs, available }
end
local rank = 0
if member ~= '' then
  redis.call('ZADD', KEYS[2], 'NX', now, member)
  redis.call('ZADD', KEYS[3], now + staleMs, member)
  local stale = redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', '(' .. now)
  for _, gone in ipairs(stale) do
    redis.call('ZREM', KEYS[2], gone)
    redis.call('ZREM', KEYS[3], gone)
  end
  rank = redis.call('ZRANK', KEYS[2], member) or 0
end
if paused > now then return refuse(paused - now + rank * interval) end
local usable = available - reserve
if usable < 1 or rank >= usable then
  -- When the rank-th token beyond the reserve comes, once those ahead have taken theirs. Tokens
  -- kept for the waiters ahead who have not come yet: asked again a little later, not at once.
  local due = (tat - now) - (burst - reserve - 1 - rank) * interval
  if usable >= 1 then due = math.max(due, interval / 4) end
  return refuse(due)
end
if member ~= '' then
  redis.call('ZREM', KEYS[2], member)
  redis.call('ZREM', KEYS[3], member)
end
redis.call('HSET', KEYS[1], 'tat', tat + interval)
redis.call('PEXPIRE', KEYS[1], math.ceil(math.max(tat + interval, paused) - now) + 60000)
return { 1, 0, available - 1 }
`;

// The platform said "slow down until": every worker waits until then. Its count was at the limit
// when it refused, so the bucket is emptied then and refills at its rate from there: at the end of
// the pause it holds what the pause refilled (at least one token), not a burst refused again.
// KEYS: state hash. ARGV: now ('' for Redis's own clock), retryAfterMs, interval, burst.
// Reply: when the pause ends, on the clock the script used.
const PAUSE = `${NOW_FROM_ARGV_OR_REDIS}
local untilMs = now + tonumber(ARGV[2])
local interval = tonumber(ARGV[3])
local burst = tonumber(ARGV[4])
local paused = tonumber(redis.call('HGET', KEYS[1], 'paused') or '0')
if untilMs > paused then redis.call('HSET', KEYS[1], 'paused', untilMs) end
local tat = tonumber(redis.call('HGET', KEYS[1], 'tat') or '0')
local refilled = math.min(burst, math.max(1, math.floor((untilMs - now) / interval)))
local emptyAt = untilMs + (burst - refilled) * interval
if emptyAt > tat then redis.call('HSET', KEYS[1], 'tat', emptyAt) tat = emptyAt end
redis.call('PEXPIRE', KEYS[1], math.ceil(tat - now) + 60000)
return untilMs
`;

// A token taken for a reply that gave up before its request went (a progress edit that held the
// hour's token and was still waiting for the minute's when its turn ended): given back, so that
// the scarcer budget is not spent on nothing. Not while the platform's pause lasts: the pause
// set the bucket as the platform counts it.
// KEYS: state hash. ARGV: now ('' for Redis's own clock), interval. Reply: 1 when given back.
const GIVE_BACK = `${NOW_FROM_ARGV_OR_REDIS}
local paused = tonumber(redis.call('HGET', KEYS[1], 'paused') or '0')
local tat = tonumber(redis.call('HGET', KEYS[1], 'tat') or '0')
if paused > now or tat <= now then return 0 end
redis.call('HSET', KEYS[1], 'tat', tat - tonumber(ARGV[2]))
return 1
`;

// What the front page shows of a platform's pauses: the one that ends last. A shorter pause of
// another budget, later, leaves it as it is. KEYS: the platform's mark. ARGV: the mark, its ttl ms.
const MARK_PAUSED = `
if redis.call('PTTL', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
`;

export const BUDGET_SCRIPTS = {
  batonBudgetTake: redisScript<
    [state: string, waiting: string, seen: string],
    [
      now: number | "",
      intervalMs: number,
      burst: number,
      reserve: number,
      member: string,
      staleMs: number,
      maxWaitMs: number,
    ],
    [granted: number, waitMs: number, tokens: number]
  >({ numberOfKeys: 3, lua: TAKE }),
  batonBudgetPause: redisScript<
    [state: string],
    [now: number | "", retryAfterMs: number, intervalMs: number, burst: number],
    number
  >({ numberOfKeys: 1, lua: PAUSE }),
  batonBudgetGiveBack: redisScript<[state: string], [now: number | "", intervalMs: number], number>({
    numberOfKeys: 1,
    lua: GIVE_BACK,
  }),
  batonBudgetMarkPaused: redisScript<[mark: string], [mark: string, ttlMs: number], number>({
    numberOfKeys: 1,
    lua: MARK_PAUSED,
  }),
};
