import {
  defineRedisScripts,
  errorMessage,
  type Logger,
  type RedisKeys,
  redisScript,
  type Turn,
  type TurnStatus,
} from "@baton/core";
import type { Queue } from "bullmq";
import type { Redis } from "ioredis";
import { createConversationGate } from "./conversation-gate.js";
import { CONVERSATION_LOCK_MS, TURN_TIMEOUT_MS, WATCHDOG_SWEEP_MAX_MS } from "./queue-settings.js";
import type { TurnJob } from "./turn-job.js";
import { isFinished, readTurn } from "./turn-record.js";
import { wakeTurn } from "./wake-turn.js";

/** How many overdue turns one sweep takes on. */
const SWEEP_BATCH = 100;
/** The longest an overdue turn whose answer failed waits before the sweep tries it again. */
const WATCHDOG_RETRY_MAX_MS = 60 * 60_000;

export interface TurnWatchdogOptions {
  redis: Redis;
  keys: RedisKeys;
  /** The turns queue, to wake the turn behind one that timed out. */
  turns: Queue<TurnJob>;
  logger: Logger;
  timeoutMs?: number;
  /** How often overdue turns are looked for; by default a tenth of the timeout, at most a few seconds. */
  sweepEveryMs?: number;
  conversationLockMs?: number;
  /**
   * Gives the person the final word on a turn past its deadline, whatever `status` it ended with:
   * the reply already claimed for it, or else that it timed out. True once that reply is posted
   * (or the turn ended with a reply of another kind, a question say); the turn stays on the
   * watchdog's list until then.
   */
  answer(turn: Turn, status: TurnStatus): Promise<boolean>;
}

export interface TurnWatchdog {
  readonly timeoutMs: number;
  /** Starts the turn's clock unless it runs already (a retry keeps the first deadline); returns the deadline. */
  arm(conversationKey: string, turnId: string): Promise<number>;
  /** The turn was answered: it leaves the list. */
  disarm(conversationKey: string, turnId: string): Promise<void>;
  /**
   * Ends a turn past its deadline: takes it out of its conversation as `timed_out` (unless it
   * finished) so that the turns behind it run, and answers it. True once it is answered.
   */
  expire(conversationKey: string, turnId: string): Promise<boolean>;
  /** Starts sweeping for overdue turns whose worker died; every worker process sweeps. */
  start(): void;
  close(): Promise<void>;
}

// KEYS: the deadlines. ARGV: deadline, member. Sets the turn's deadline unless a try before this
// one set it, and returns the deadline that holds.
const ARM_SCRIPT = `
redis.call('ZADD', KEYS[1], 'NX', ARGV[1], ARGV[2])
return redis.call('ZSCORE', KEYS[1], ARGV[2])
`;

// KEYS: the turn. ARGV: the score the sweep found the turn at. Keeps, on the turn's record (so that
// it expires with it), the first of those: once a failed answer is put back, its score is the time
// of its next try, not the deadline, and what the turn had waited would be lost. Returns the kept one.
const OVERDUE_SINCE_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return ARGV[1] end
redis.call('HSETNX', KEYS[1], 'overdueSince', ARGV[1])
return redis.call('HGET', KEYS[1], 'overdueSince')
`;

const WATCHDOG_SCRIPTS = {
  batonWatchdogArm: redisScript<[deadlines: string], [deadline: number, member: string], string | null>({
    numberOfKeys: 1,
    lua: ARM_SCRIPT,
  }),
  batonWatchdogOverdueSince: redisScript<[turn: string], [score: number], string>({
    numberOfKeys: 1,
    lua: OVERDUE_SINCE_SCRIPT,
  }),
};

/**
 * The turn timeout. A turn's clock starts when it first runs and lives in one sorted set (turn →
 * deadline), so it survives the worker: the worker aborts its own turn at the deadline, and every
 * worker process sweeps the set for turns whose worker died. The worker and the sweep may both
 * end a turn; the conversation gate and the final-reply claim make that one ending.
 */
export function createTurnWatchdog(options: TurnWatchdogOptions): TurnWatchdog {
  const { redis, keys, turns, logger, answer } = options;
  const timeoutMs = options.timeoutMs ?? TURN_TIMEOUT_MS;
  const sweepEveryMs = options.sweepEveryMs ?? Math.max(50, Math.min(WATCHDOG_SWEEP_MAX_MS, timeoutMs / 10));
  const gate = createConversationGate({
    redis,
    keys,
    lockMs: options.conversationLockMs ?? CONVERSATION_LOCK_MS,
  });
  const log = logger.child({ component: "queue.watchdog" });
  const deadlines = keys.scoped("watchdog");
  const scripts = defineRedisScripts(redis, WATCHDOG_SCRIPTS);
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | undefined;
  let closed = false;

  // A newline never occurs in a conversation key or a turn id.
  const memberOf = (conversationKey: string, turnId: string) => `${conversationKey}\n${turnId}`;

  async function expire(conversationKey: string, turnId: string): Promise<boolean> {
    const member = memberOf(conversationKey, turnId);
    const read = await readTurn(redis, keys, conversationKey, turnId);
    if (read.kind !== "found") {
      // Expired, or unreadable (the worker and dispatcher fail those): nothing to answer here.
      await redis.zrem(deadlines, member);
      return true;
    }
    let status = read.record.status;
    if (!isFinished(status)) {
      const { changed, next } = await gate.evict(conversationKey, turnId, "timed_out");
      if (next) await wakeTurn(turns, next);
      if (changed) {
        status = "timed_out";
        log.warn("queue.turn.timed_out", { turn_id: turnId, timeout_ms: timeoutMs });
        // A worker that is alive but stuck learns it lost the turn: its lock is gone.
      }
    }
    const answered = await answer(read.record.turn, status);
    if (answered) await redis.zrem(deadlines, member);
    return answered;
  }

  async function sweep(): Promise<void> {
    const now = Date.now();
    const overdue = await redis.zrangebyscore(deadlines, "-inf", now, "WITHSCORES", "LIMIT", 0, SWEEP_BATCH);
    for (let i = 0; i < overdue.length; i += 2) {
      const member = overdue[i] ?? "";
      const [conversationKey, turnId] = member.split("\n");
      if (!conversationKey || !turnId) {
        await redis.zrem(deadlines, member);
        continue;
      }
      const answered = await expire(conversationKey, turnId).catch((error: unknown) => {
        log.warn("queue.watchdog.expire_failed", { turn_id: turnId, error: errorMessage(error) });
        return false;
      });
      // Not answered (its reply failed, or is still being made elsewhere): asked again later, the
      // longer it has waited the later, so that turns whose replies keep failing (an archived
      // channel, an uninstalled app) neither fill every sweep's batch ahead of newer ones nor
      // call their platform every few seconds until their records expire.
      if (!answered) {
        const since = await scripts.batonWatchdogOverdueSince(
          [keys.turn(conversationKey, turnId)],
          [Number(overdue[i + 1])],
        );
        const overdueMs = now - Number(since);
        const retryInMs = Math.min(WATCHDOG_RETRY_MAX_MS, Math.max(sweepEveryMs, overdueMs));
        await redis.zadd(deadlines, "XX", now + retryInMs, member);
      }
    }
  }

  function schedule(): void {
    if (closed) return;
    timer = setTimeout(() => {
      sweeping = sweep()
        .catch((error: unknown) => log.warn("queue.watchdog.sweep_failed", { error: errorMessage(error) }))
        .finally(schedule);
    }, sweepEveryMs);
  }

  return {
    timeoutMs,
    async arm(conversationKey, turnId) {
      const deadline = Date.now() + timeoutMs;
      const score = await scripts.batonWatchdogArm(
        [deadlines],
        [deadline, memberOf(conversationKey, turnId)],
      );
      return Number(score ?? deadline);
    },
    async disarm(conversationKey, turnId) {
      await redis.zrem(deadlines, memberOf(conversationKey, turnId));
    },
    expire,
    start() {
      if (!timer && !closed) schedule();
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await sweeping;
    },
  };
}
