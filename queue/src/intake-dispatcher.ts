import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import {
  defineRedisScripts,
  errorMessage,
  type Logger,
  type RedisKeys,
  redisScript,
  type Turn,
  type UserFacingError,
} from "@baton/core";
import type { Queue } from "bullmq";
import type { Redis } from "ioredis";
import { createConversationGate } from "./conversation-gate.js";
import { describeRefusal } from "./describe-refusal.js";
import { createDispatchRead, type DispatchRead } from "./dispatch-read.js";
import { DEFAULT_INTAKE_LIMITS, type IntakeLimits } from "./intake-limits.js";
import { CONVERSATION_LOCK_MS, TURN_PARKED_MS } from "./queue-settings.js";
import type { TurnJob } from "./turn-job.js";
import { isFinished } from "./turn-record.js";
import { wakeTurn } from "./wake-turn.js";

export const DISPATCHER_GROUP = "dispatchers";

// KEYS: the intake stream. ARGV: the group, the entry. Acknowledges the entry and drops it, in one
// command rather than a transaction of four.
const DISPATCHED_SCRIPT = `
redis.call('XACK', KEYS[1], ARGV[1], ARGV[2])
return redis.call('XDEL', KEYS[1], ARGV[2])
`;
const DISPATCHER_SCRIPTS = {
  batonDispatched: redisScript<[stream: string], [group: string, entryId: string], number>({
    numberOfKeys: 1,
    lua: DISPATCHED_SCRIPT,
  }),
};
/** An entry a dispatcher took but did not finish for this long (it crashed) is taken over. */
export const DISPATCH_RECLAIM_IDLE_MS = 30_000;
export const DISPATCH_RECLAIM_EVERY_MS = 5_000;
/**
 * A consumer of the group that has held nothing and not read for this long belonged to a
 * dispatcher that died without closing: it leaves the group. Far above any live dispatcher's
 * silence, which is one reclaim's wait.
 */
export const DISPATCH_FORGET_CONSUMER_IDLE_MS = 60 * 60_000;
export const DISPATCH_MAX_IN_FLIGHT = 64;

export interface IntakeDispatcherOptions {
  /** A connection of its own: XREADGROUP blocks it. */
  blocking: Redis;
  redis: Redis;
  keys: RedisKeys;
  turns: Queue<TurnJob>;
  /** Posts the platform's acknowledgement (a reaction, a first message). */
  acknowledge: (turn: Turn) => Promise<void>;
  /** Tells the person that their turn failed before it could run (unreadable, or refused at intake). */
  fail?: (turn: Turn, error: UserFacingError) => Promise<void>;
  /** The limits intake refused with, for the reply that names them. */
  limits?: IntakeLimits;
  logger: Logger;
  reclaimIdleMs?: number;
  reclaimEveryMs?: number;
  /** How long a dead dispatcher's consumer, holding nothing, stays in the group. */
  forgetConsumerIdleMs?: number;
  /** How long a turn queued behind another sleeps if no one wakes it (as the worker's `parkMs`). */
  parkMs?: number;
}

export interface IntakeDispatcher {
  close(): Promise<void>;
}

type StreamEntry = [id: string, fields: string[]];

/**
 * The fast lane between intake and the turn queue. For each accepted delivery on the intake
 * stream it posts the acknowledgement and adds the turn's BullMQ job, then removes the entry.
 * It never waits behind a running turn. Entries of a dispatcher that died are taken over after
 * `reclaimIdleMs`, so every accepted request reaches the queue at least once; the job id (the
 * turn id) and the turn's `acked` mark make a repeat harmless.
 */
export function createIntakeDispatcher(options: IntakeDispatcherOptions): IntakeDispatcher {
  const { blocking, redis, keys, turns, acknowledge, logger } = options;
  const reclaimIdleMs = options.reclaimIdleMs ?? DISPATCH_RECLAIM_IDLE_MS;
  const reclaimEveryMs = options.reclaimEveryMs ?? DISPATCH_RECLAIM_EVERY_MS;
  const forgetConsumerIdleMs = Math.max(
    options.forgetConsumerIdleMs ?? DISPATCH_FORGET_CONSUMER_IDLE_MS,
    reclaimEveryMs * 10,
  );
  const parkMs = options.parkMs ?? TURN_PARKED_MS;
  const log = logger.child({ component: "queue.dispatcher" });
  const limits = options.limits ?? DEFAULT_INTAKE_LIMITS;
  const gate = createConversationGate({ redis, keys, lockMs: CONVERSATION_LOCK_MS });
  const readForDispatch = createDispatchRead(redis, keys);
  const stream = keys.intakeStream;
  const scripts = defineRedisScripts(redis, DISPATCHER_SCRIPTS);
  const consumer = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  const inFlight = new Set<Promise<void>>();
  const acknowledging = new Set<Promise<void>>();
  let closing = false;
  let lastForget = 0;

  async function dispatch([entryId, fields]: StreamEntry): Promise<void> {
    const turnId = field(fields, "turn");
    const conversationKey = field(fields, "conversation");
    const { read, ackClaimed, isHead }: DispatchRead =
      turnId && conversationKey
        ? await readForDispatch(conversationKey, turnId)
        : { read: { kind: "missing" }, ackClaimed: false, isHead: false };
    if (read.kind === "unreadable" && turnId && conversationKey) {
      await failUnreadable(conversationKey, turnId, read.replyTo);
    } else if (read.kind === "found" && read.record.refusal) {
      const { reason, retryAfterMs } = read.record.refusal;
      await replyOnce(read.record.turn, describeRefusal(reason, retryAfterMs, limits));
    } else if (read.kind === "found" && !isFinished(read.record.status)) {
      const { turn } = read.record;
      // The acknowledgement runs beside the dispatch, not in it: a slow or rate-limited platform
      // must not keep other turns from their jobs. Claimed in the read, so that concurrent repeats
      // of one delivery acknowledge it once; a crash right after the claim costs the 👀, never the turn.
      if (ackClaimed) trackAcknowledgement(turn);
      try {
        await queueTurn(turn, isHead);
      } catch (error) {
        // Without its job the turn would never run: keep the entry, and a later pass retries it.
        log.error("queue.dispatch.enqueue_failed", { turn_id: turnId, error: errorMessage(error) });
        return;
      }
    }
    await scripts.batonDispatched([stream], [DISPATCHER_GROUP, entryId]);
  }

  /**
   * Adds the turn's job. A turn behind another in its conversation gets its job parked (delayed)
   * from the start, as a worker would park it on finding it not at the head: it is woken when the
   * turn ahead leaves, without a worker taking it up just to put it down. Were the turn ahead to
   * leave between the look and the add, its wake-up found no job to promote: look again after.
   */
  async function queueTurn(turn: Turn, isHead: boolean): Promise<void> {
    const job: TurnJob = { version: 1, turnId: turn.id, conversationKey: turn.conversationKey };
    const behind = !isHead;
    await turns.add("turn", job, { jobId: job.turnId, ...(behind ? { delay: parkMs } : {}) });
    if (behind && (await gate.isHead(turn.conversationKey, turn.id))) await wakeTurn(turns, turn.id);
  }

  /**
   * A turn this Baton cannot read would fail on every pass and hold its conversation's head for
   * good: it leaves the inbox as failed, the turn behind it is woken, and the person is told when
   * the record still says where to reply.
   */
  async function failUnreadable(
    conversationKey: string,
    turnId: string,
    replyTo: Turn | null,
  ): Promise<void> {
    const { next } = await gate.evict(conversationKey, turnId, "failed");
    if (next) await wakeTurn(turns, next);
    log.error("queue.dispatch.unreadable_turn", { turn_id: turnId, can_reply: replyTo !== null });
    // Told whether or not the eviction changed its status: one that intake refused is stored
    // failed already, and its refusal, unread, is answered nowhere else. The claim keeps it to one.
    if (!replyTo) return;
    await replyOnce(replyTo, {
      code: "request_invalid",
      message: "Baton could not read this request, so it did not run it. Please send it again.",
    });
  }

  /** Claimed like the acknowledgement, so a reclaimed or repeated entry replies once. */
  async function replyOnce(turn: Turn, error: UserFacingError): Promise<void> {
    if (!options.fail) return;
    if ((await redis.hsetnx(keys.turn(turn.conversationKey, turn.id), "failReplied", "1")) === 0) return;
    await options
      .fail(turn, error)
      .catch((failure: unknown) =>
        log.warn("queue.dispatch.fail_reply_failed", { turn_id: turn.id, error: errorMessage(failure) }),
      );
  }

  /** Posts the acknowledgement whose claim (`acked`) this dispatcher took; lets go of it on failure. */
  async function acknowledgeOnce(turn: Turn): Promise<void> {
    const turnKey = keys.turn(turn.conversationKey, turn.id);
    try {
      await acknowledge(turn);
      log.debug("queue.dispatch.acknowledged", { turn_id: turn.id, delivery_id: turn.request.deliveryId });
    } catch (error) {
      await redis.hdel(turnKey, "acked");
      // The acknowledgement is a courtesy; the turn runs and answers without it.
      log.warn("queue.dispatch.ack_failed", {
        turn_id: turn.id,
        delivery_id: turn.request.deliveryId,
        error: errorMessage(error),
      });
    }
  }

  function trackAcknowledgement(turn: Turn): void {
    const work = acknowledgeOnce(turn).finally(() => acknowledging.delete(work));
    acknowledging.add(work);
  }

  function track(entry: StreamEntry): void {
    const work = dispatch(entry)
      .catch((error: unknown) =>
        log.error("queue.dispatch.failed", { entry_id: entry[0], error: errorMessage(error) }),
      )
      .finally(() => inFlight.delete(work));
    inFlight.add(work);
  }

  async function reclaim(): Promise<void> {
    const [, entries] = (await redis.xautoclaim(
      stream,
      DISPATCHER_GROUP,
      consumer,
      reclaimIdleMs,
      "0-0",
      "COUNT",
      // Never more than there is room for: a reclaim after a crash may find thousands.
      Math.max(1, DISPATCH_MAX_IN_FLIGHT - inFlight.size),
    )) as [string, StreamEntry[]];
    for (const entry of entries) if (entry?.[1]) track(entry);
    // Rarely: a consumer goes only after an hour's silence, and the read waits meanwhile.
    if (Date.now() - lastForget > forgetConsumerIdleMs / 10) {
      lastForget = Date.now();
      await forgetDeadConsumers();
    }
  }

  /**
   * A dispatcher killed (not closed) leaves its consumer in the group for ever: once its entries
   * were taken over it holds none, and without this every crash would add one more.
   */
  async function forgetDeadConsumers(): Promise<void> {
    const consumers = (await redis.xinfo("CONSUMERS", stream, DISPATCHER_GROUP)) as unknown[][];
    for (const info of consumers) {
      const { name, pending, idle } = consumerInfo(info);
      if (name === consumer || pending !== 0 || !(idle > forgetConsumerIdleMs)) continue;
      await redis.xgroup("DELCONSUMER", stream, DISPATCHER_GROUP, name);
      log.info("queue.dispatch.consumer_forgotten", { consumer: name, idle_ms: idle });
    }
  }

  async function run(): Promise<void> {
    await redis.xgroup("CREATE", stream, DISPATCHER_GROUP, "0", "MKSTREAM").catch((error: Error) => {
      if (!error.message.includes("BUSYGROUP")) throw error;
    });
    let lastReclaim = 0;
    while (!closing) {
      if (inFlight.size >= DISPATCH_MAX_IN_FLIGHT) {
        await Promise.race(inFlight);
        continue;
      }
      if (Date.now() - lastReclaim > reclaimEveryMs) {
        lastReclaim = Date.now();
        await reclaim();
        // What it took counts before the read's room is reckoned (a COUNT of 0 or less reads all).
        continue;
      }
      const read = (await blocking.xreadgroup(
        "GROUP",
        DISPATCHER_GROUP,
        consumer,
        "COUNT",
        DISPATCH_MAX_IN_FLIGHT - inFlight.size,
        // Until the next reclaim is due: a read returns as soon as an entry comes, and an idle
        // dispatcher asks Redis once per reclaim rather than once a second.
        "BLOCK",
        Math.max(1, lastReclaim + reclaimEveryMs - Date.now()),
        "STREAMS",
        stream,
        ">",
      )) as Array<[string, StreamEntry[]]> | null;
      for (const entry of read?.[0]?.[1] ?? []) track(entry);
    }
  }

  const running = (async () => {
    while (!closing) {
      try {
        await run();
      } catch (error) {
        if (closing) break;
        log.error("queue.dispatch.loop_failed", { error: errorMessage(error) });
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  })();

  return {
    async close() {
      closing = true;
      // Ends a read that is blocked waiting for entries.
      blocking.disconnect();
      await running;
      await Promise.allSettled([...inFlight, ...acknowledging]);
      // A consumer with nothing pending leaves the group; one with pending entries stays, so that
      // they can be taken over.
      const pending = (await redis
        .xpending(stream, DISPATCHER_GROUP, "-", "+", 1, consumer)
        .catch(() => [])) as unknown[];
      if (pending.length === 0)
        await redis.xgroup("DELCONSUMER", stream, DISPATCHER_GROUP, consumer).catch(() => {});
    },
  };
}

/** XINFO CONSUMERS' flat field list of one consumer. */
function consumerInfo(info: unknown[]): { name: string; pending: number; idle: number } {
  const value = (key: string) => info[info.indexOf(key) + 1];
  return { name: String(value("name")), pending: Number(value("pending")), idle: Number(value("idle")) };
}

function field(fields: string[], name: string): string | undefined {
  const index = fields.indexOf(name);
  return index >= 0 && index % 2 === 0 ? fields[index + 1] : undefined;
}
