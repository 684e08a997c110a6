import type { Redis } from "ioredis";
import { type Beat, ownTimers } from "../clock/create-beat.js";
import type { RedisKeys } from "../store/redis-keys.js";
import { defineRedisScripts } from "../store/redis-scripts.js";
import { BUDGET_SCRIPTS } from "./budget-scripts.js";

/** One platform limit: `limit` requests per `periodMs`, of which Baton spends at most `burst` at once. */
export interface RateLimitSpec {
  limit: number;
  periodMs: number;
  burst: number;
  /**
   * The share of the burst only final replies may spend (`FINAL_RESERVE_SHARE` when not given):
   * more where a turn's start and its end draw on the same small budget, since turns that start
   * together end together.
   */
  finalReserveShare?: number;
}

/**
 * One budget: `id` names what the platform counts (its platform, the method tier, the workspace,
 * installation or token hash), `name` is the same without the workspace, for metrics and the
 * front page (`<platform>:tier3`), `platform` whose limit it is.
 */
export interface BudgetBucket {
  id: string;
  name: string;
  platform: string;
  limit: RateLimitSpec;
}

/**
 * Who is waiting. A final reply (a result, a failure) may spend the whole budget; what else a
 * person waits on (an acknowledgement, a question, the working message) leaves it a small
 * reserve, so that a turn's end is not held behind other sessions' starts; progress leaves a
 * larger reserve for both, and waits its turn among the sessions, oldest waiter first (`session`
 * names the session).
 */
export type BudgetClaim =
  | { priority: "final" }
  | { priority: "urgent" }
  | { priority: "progress"; session: string };

export interface RateBudgetObserver {
  granted(
    bucket: BudgetBucket,
    priority: BudgetClaim["priority"],
    waitedMs: number,
    tokensLeft: number,
  ): void;
  paused(bucket: BudgetBucket, retryAfterMs: number): void;
}

export interface RateBudget {
  /** Waits until the budget allows one request; rejects with the signal's reason when aborted. */
  take(bucket: BudgetBucket, claim: BudgetClaim, signal?: AbortSignal): Promise<void>;
  /** Returns a token `take` granted to a reply that gave up before its request went. */
  giveBack(bucket: BudgetBucket): Promise<void>;
  /** The platform refused with `Retry-After`: every worker holds the bucket until then. */
  pause(bucket: BudgetBucket, retryAfterMs: number): Promise<void>;
  /** The platforms rate-limiting Baton now, each with when its longest pause ends (ms since the epoch). */
  rateLimited(
    platforms: readonly string[],
  ): Promise<Array<{ platform: string; untilMs: number; budget: string }>>;
}

export interface RateBudgetOptions {
  redis: Redis;
  keys: RedisKeys;
  /** Share of a bucket's burst kept for urgent requests when progress asks (at least one token). */
  progressReserveShare?: number;
  observer?: RateBudgetObserver;
  /**
   * The buckets' clock, in ms since the epoch: Redis's own when not given, so that every worker
   * reads a bucket alike whatever its host's clock says. Tests give one to stop or move time.
   */
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /**
   * The worker's shared clock, for progress waiters: told to come back in a while, they sleep on
   * its ticks, and those told about the same moment ask again in one Redis write. Requests a
   * person waits on keep timers to the millisecond.
   */
  beat?: Beat;
}

/** A progress waiter that has not asked again this long after it was told to is gone (its worker died). */
const WAITER_STALE_MS = 10_000;
/**
 * The longest a progress waiter sleeps before it asks again, however deep the queue ahead of it:
 * the script tells it when its turn could come, and keeps it in the queue until then.
 */
export const MAX_PROGRESS_WAIT_MS = 30_000;
/** A request a person waits on asks again at least this often (a pause may end or be lifted). */
const MAX_POLL_MS = 5_000;
export const PROGRESS_RESERVE_SHARE = 0.3;
/** The share of a bucket that only final replies may spend. */
export const FINAL_RESERVE_SHARE = 0.1;

/** Tokens a take must leave in the bucket: none for a final reply, some for it, more for progress. */
function reserveFor(
  priority: BudgetClaim["priority"],
  burst: number,
  shares: { final: number; progress: number },
): number {
  if (priority === "final" || burst <= 2) return priority === "progress" && burst > 1 ? 1 : 0;
  const forFinal = Math.max(1, Math.ceil(burst * shares.final));
  return priority === "urgent" ? forFinal : Math.max(forFinal + 1, Math.ceil(burst * shares.progress));
}

/** Sleeps `ms` on `beat` (or a timer of its own); rejects with the signal's reason once it aborts. */
function sleepOn(beat: Beat) {
  return (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        cancel();
        reject(signal?.reason);
      };
      const cancel = beat.after(ms, () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      });
      signal?.addEventListener("abort", onAbort, { once: true });
    });
}

/** Waits for `turn` (which never rejects), or rejects with the signal's reason once it aborts. */
function untilAborted(turn: Promise<void>, signal?: AbortSignal): Promise<void> {
  if (!signal) return turn;
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    void turn.then(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    });
  });
}

/**
 * The platforms' rate limits as budgets in Redis, shared by every worker: a take is one script
 * (one round trip) that either spends a token or says how long to wait.
 */
export function createRateBudget(options: RateBudgetOptions): RateBudget {
  const { redis, keys, observer } = options;
  // '' asks the scripts to read Redis's clock.
  const bucketNow = options.now ?? (() => "" as const);
  const elapsedNow = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? sleepOn(ownTimers);
  const progressSleep = options.sleep ?? sleepOn(options.beat ?? ownTimers);
  const reserveShare = options.progressReserveShare ?? PROGRESS_RESERVE_SHARE;
  const scripts = defineRedisScripts(redis, BUDGET_SCRIPTS);
  // The three keys of a bucket share its hash tag, so that the script stays in one slot of a cluster.
  const stateKey = (bucket: BudgetBucket) => keys.scoped("budget", `{${bucket.id}}`);
  const pausedKey = (platform: string) => keys.scoped("budget-paused", platform);
  const interval = ({ limit }: BudgetBucket) => limit.periodMs / limit.limit;

  /** Asks Redis until the bucket grants this claim a token. */
  async function takeFromRedis(bucket: BudgetBucket, claim: BudgetClaim, signal?: AbortSignal) {
    const started = elapsedNow();
    const state = stateKey(bucket);
    const member = claim.priority === "progress" ? claim.session : "";
    const burst = Math.max(1, bucket.limit.burst);
    const reserve = reserveFor(claim.priority, burst, {
      final: bucket.limit.finalReserveShare ?? FINAL_RESERVE_SHARE,
      progress: reserveShare,
    });
    let queued = false;
    try {
      for (;;) {
        signal?.throwIfAborted();
        const [granted, waitMs, tokens] = await scripts.batonBudgetTake(
          [state, `${state}:waiting`, `${state}:seen`],
          [bucketNow(), interval(bucket), burst, reserve, member, WAITER_STALE_MS, MAX_PROGRESS_WAIT_MS],
        );
        if (granted === 1) {
          observer?.granted(bucket, claim.priority, elapsedNow() - started, tokens);
          return;
        }
        queued = member !== "";
        if (member) await progressSleep(Number(waitMs), signal);
        else await sleep(Math.min(Number(waitMs), MAX_POLL_MS), signal);
      }
    } catch (error) {
      // A waiter that gives up leaves the queue now, wherever in its wait the abort found it:
      // left there, it would hold back the sessions behind it until it went stale.
      if (queued && signal?.aborted)
        await redis.zrem(`${state}:waiting`, member).then(() => redis.zrem(`${state}:seen`, member));
      throw error;
    }
  }

  // Requests a person waits on have no queue in Redis: each is told when the next token comes,
  // so a hundred of them waiting in one worker all asked again at every token and one won (100
  // budget calls a turn with 150 Slack sessions starting at once). In each worker they wait in
  // line per bucket and priority instead, and only the first asks Redis: the workers share the
  // bucket among them, a worker's own requests take their turn in the order they came.
  const lines = new Map<string, Promise<void>>();
  async function takeInLine(bucket: BudgetBucket, claim: BudgetClaim, signal?: AbortSignal) {
    const key = `${claim.priority}\n${bucket.id}`;
    const ahead = lines.get(key) ?? Promise.resolve();
    let leave = () => {};
    const mine = new Promise<void>((resolve) => {
      leave = resolve;
    });
    // Whoever comes next waits for those ahead and for this one, even if this one gives up early.
    const tail = ahead.then(() => mine);
    lines.set(key, tail);
    try {
      await untilAborted(ahead, signal);
      await takeFromRedis(bucket, claim, signal);
    } finally {
      leave();
      if (lines.get(key) === tail) lines.delete(key);
    }
  }

  return {
    take: (bucket, claim, signal) =>
      claim.priority === "progress"
        ? takeFromRedis(bucket, claim, signal)
        : takeInLine(bucket, claim, signal),
    async giveBack(bucket) {
      await scripts.batonBudgetGiveBack([stateKey(bucket)], [bucketNow(), interval(bucket)]);
    },
    async pause(bucket, retryAfterMs) {
      observer?.paused(bucket, retryAfterMs);
      // "Retry after 0 s" asks for no wait: counted, and the budget left as it is.
      if (!(retryAfterMs > 0)) return;
      const until = await scripts.batonBudgetPause(
        [stateKey(bucket)],
        [bucketNow(), retryAfterMs, interval(bucket), Math.max(1, bucket.limit.burst)],
      );
      // What the front page shows (the platform's pause that ends last); it lapses with it.
      await scripts.batonBudgetMarkPaused(
        [pausedKey(bucket.platform)],
        [
          JSON.stringify({ untilMs: Number(until), budget: bucket.name }),
          Math.max(1, Math.ceil(retryAfterMs)),
        ],
      );
    },
    async rateLimited(platforms) {
      if (platforms.length === 0) return [];
      const raw = await redis.mget(...platforms.map(pausedKey));
      return platforms.flatMap((platform, index) => {
        const value = raw[index];
        if (!value) return [];
        try {
          const parsed = JSON.parse(value) as { untilMs: number; budget: string };
          return [{ platform, untilMs: parsed.untilMs, budget: parsed.budget }];
        } catch {
          return [];
        }
      });
    },
  };
}
