import { randomUUID } from "node:crypto";
import { type Logger, type RedisKeys, type TurnRunner, type TurnStatus, turnStatusSchema } from "@baton/core";
import { DelayedError, type Job, type Queue, UnrecoverableError, Worker } from "bullmq";
import type { Redis } from "ioredis";
import { createConversationGate } from "./conversation-gate.js";
import { CONVERSATION_LOCK_MS, SHUTDOWN_GRACE_MS, TURN_WAIT_MS } from "./queue-settings.js";
import { createStopSignals } from "./stop-signals.js";
import { type TurnJob, turnJobSchema } from "./turn-job.js";
import { isFinished, readTurnRecord } from "./turn-record.js";

export interface TurnWorkerOptions {
  /** A connection with `maxRetriesPerRequest: null`; the worker duplicates it for blocking reads. */
  connection: Redis;
  keys: RedisKeys;
  queueName: string;
  /** The turns queue, used to wake the next turn of a conversation when one finishes. */
  turns: Queue<TurnJob>;
  runTurn: TurnRunner;
  logger: Logger;
  concurrency?: number;
  conversationLockMs?: number;
  waitMs?: number;
  /** BullMQ's own job lock and stalled-job check; lower in tests so that crash recovery is quick. */
  jobLockMs?: number;
  stalledIntervalMs?: number;
}

export interface TurnWorker {
  /** Stops taking turns, lets running ones finish within `graceMs`, then hands the rest back. */
  drain(graceMs?: number): Promise<void>;
  readonly worker: Worker<TurnJob>;
}

/**
 * Runs turns: each one only at the head of its conversation's inbox and under the conversation's
 * lock, so that one conversation's turns run one at a time and in order, while other
 * conversations run in parallel. A turn that cannot run yet waits in BullMQ's delayed set.
 */
export function createTurnWorker(options: TurnWorkerOptions): TurnWorker {
  const { connection, keys, queueName, turns, runTurn, logger } = options;
  const lockMs = options.conversationLockMs ?? CONVERSATION_LOCK_MS;
  const waitMs = options.waitMs ?? TURN_WAIT_MS;
  const log = logger.child({ component: "queue.turn_worker" });
  const gate = createConversationGate({ redis: connection, keys, lockMs });
  const stopSignals = createStopSignals({ subscriber: connection.duplicate(), keys });
  const running = new Map<string, AbortController>();
  const workerId = randomUUID().slice(0, 8);

  async function processTurnJob(job: Job<TurnJob>, token?: string): Promise<TurnStatus> {
    const { turnId, conversationKey } = turnJobSchema.parse(job.data);
    const record = await readTurnRecord(connection, keys, conversationKey, turnId);
    if (!record || isFinished(record.status)) return record?.status ?? "cancelled";

    const lockToken = `${workerId}.${job.id}.${token ?? randomUUID()}`;
    const entry = await gate.enter(conversationKey, turnId, lockToken);
    if (entry === "gone") return "cancelled";
    if (entry !== "entered") {
      // Wait our turn: jitter spreads the retries of many waiting turns.
      await job.moveToDelayed(Date.now() + waitMs * (0.5 + Math.random()), token);
      throw new DelayedError();
    }

    const controller = new AbortController();
    running.set(turnId, controller);
    const renewal = setInterval(() => {
      gate.renew(conversationKey, lockToken).catch((error) => log.warn("queue.turn.lock_renew_failed", { turn_id: turnId, error }));
    }, lockMs / 3);
    const unwatch = await stopSignals.watch(conversationKey, turnId, () => controller.abort("stopped"));
    const attempt = job.attemptsMade + 1;
    const isFinalAttempt = attempt >= (job.opts.attempts ?? 1);
    try {
      const current = await readTurnRecord(connection, keys, conversationKey, turnId);
      if (current?.stopRequested) controller.abort("stopped");
      const status = await runTurn(record.turn, { signal: controller.signal, attempt, isFinalAttempt });
      const next = await gate.leave(conversationKey, turnId, lockToken, turnStatusSchema.parse(status));
      if (next) await wakeTurn(next);
      log.info("queue.turn.finished", { turn_id: turnId, status, attempt });
      return status;
    } catch (error) {
      if (isFinalAttempt || error instanceof UnrecoverableError) {
        // No try is left: end the turn so that the conversation's later turns are not blocked.
        const next = await gate.leave(conversationKey, turnId, lockToken, "failed");
        if (next) await wakeTurn(next);
        log.error("queue.turn.gave_up", { turn_id: turnId, attempt, error: (error as Error).message });
      } else {
        await gate.release(conversationKey, turnId, lockToken);
      }
      throw error;
    } finally {
      clearInterval(renewal);
      running.delete(turnId);
      await unwatch();
    }
  }

  /** Moves a waiting turn out of the delayed set at once instead of at its next check. */
  async function wakeTurn(turnId: string): Promise<void> {
    const job = await turns.getJob(turnId);
    if (job && (await job.isDelayed())) await job.promote().catch(() => {});
  }

  const worker = new Worker<TurnJob>(queueName, processTurnJob, {
    connection,
    prefix: keys.queuePrefix,
    concurrency: options.concurrency ?? 8,
    lockDuration: options.jobLockMs ?? 30_000,
    stalledInterval: options.stalledIntervalMs ?? 30_000,
    maxStalledCount: 3,
  });
  worker.on("failed", (job, error) => {
    log.warn("queue.turn.attempt_failed", { turn_id: job?.id, attempts_made: job?.attemptsMade, error: error.message });
  });
  worker.on("error", (error) => log.error("queue.worker.error", { error: error.message }));

  return {
    worker,
    async drain(graceMs = SHUTDOWN_GRACE_MS) {
      log.info("queue.worker.draining", { running: running.size, grace_ms: graceMs });
      const closing = worker.close();
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<"timeout">((resolve) => {
        timer = setTimeout(() => resolve("timeout"), graceMs);
      });
      if ((await Promise.race([closing.then(() => "closed" as const), graceOver])) === "timeout") {
        log.warn("queue.worker.grace_expired", { handed_back: running.size });
        for (const controller of running.values()) controller.abort("shutdown");
        await closing;
      }
      clearTimeout(timer);
      await stopSignals.close();
    },
  };
}
