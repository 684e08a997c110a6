import { randomUUID } from "node:crypto";
import {
  type Beat,
  errorMessage,
  type Logger,
  ownTimers,
  type RedisKeys,
  settledWithin,
  type Turn,
  type TurnRunner,
  type TurnStatus,
  turnStatusSchema,
} from "@baton/core";
import { DelayedError, type Job, type Queue, UnrecoverableError, Worker } from "bullmq";
import type { Redis } from "ioredis";
import { createConversationGate } from "./conversation-gate.js";
import {
  CONVERSATION_LOCK_MS,
  SHUTDOWN_GRACE_MS,
  TURN_PARKED_MS,
  TURN_WAIT_MS,
  WORKER_CONCURRENCY,
} from "./queue-settings.js";
import { createStopSignals } from "./stop-signals.js";
import { type TurnJob, turnJobSchema } from "./turn-job.js";
import { isFinished, parseTurnFields, readTurnRecord, type TurnRecord } from "./turn-record.js";
import type { TurnWatchdog } from "./turn-watchdog.js";
import { wakeTurn as promoteTurn } from "./wake-turn.js";

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
  /** How long a turn waits before trying again when its conversation's lock is held by a dead worker. */
  waitMs?: number;
  /** How long a turn parked behind another sleeps if no one wakes it. */
  parkMs?: number;
  /** BullMQ's own job lock and stalled-job check; lower in tests so that crash recovery is quick. */
  jobLockMs?: number;
  stalledIntervalMs?: number;
  /** How many times a turn's worker may die before BullMQ gives the turn up. */
  maxStalledCount?: number;
  /** Tells the person about a turn that ended without the runner (its workers kept crashing). */
  onAbandoned?: (turn: Turn) => Promise<void>;
  /** Ends turns that outlive the turn timeout; without one, a turn may run as long as it likes. */
  watchdog?: TurnWatchdog;
  /**
   * The worker's shared clock: the conversation locks of every running turn are renewed on its
   * ticks, those falling due together in one Redis write (a timer each without it).
   */
  beat?: Beat;
}

export const TURN_MAX_STALLED_COUNT = 3;

/** BullMQ's reason when a job stalled more often than `maxStalledCount` allows. */
const STALLED_TOO_OFTEN = /stalled more than allowable limit/i;

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
  const parkMs = options.parkMs ?? TURN_PARKED_MS;
  const beat = options.beat ?? ownTimers;
  const log = logger.child({ component: "queue.turn_worker" });
  const gate = createConversationGate({ redis: connection, keys, lockMs });
  const stopSignals = createStopSignals({ subscriber: connection.duplicate(), redis: connection, keys });
  const running = new Map<string, AbortController>();
  const workerId = randomUUID().slice(0, 8);

  /**
   * Takes the turn's place at the head of its conversation, under its lock; or says how the job
   * ends without running (unreadable, finished, gone), or parks it (throws BullMQ's DelayedError).
   */
  async function enterTurn(
    job: Job<TurnJob>,
    { turnId, conversationKey }: Pick<TurnJob, "turnId" | "conversationKey">,
    token: string | undefined,
  ): Promise<
    { kind: "ended"; status: TurnStatus } | { kind: "entered"; record: TurnRecord; lockToken: string }
  > {
    // Read and entered in one step; what was read decides whether the turn may run after all.
    const lockToken = `${workerId}.${turnId}.${token ?? randomUUID()}`;
    const { entry, fields } = await gate.readAndEnter(conversationKey, turnId, lockToken);
    const read = parseTurnFields(fields);
    if (read.kind === "unreadable") {
      // Retrying cannot make it readable: it leaves its conversation (and the lock, if it was
      // entered) so the turns behind it run.
      const { next } = await gate.evict(conversationKey, turnId, "failed");
      if (next) await wakeTurn(next);
      log.error("queue.turn.unreadable", { turn_id: turnId });
      return { kind: "ended", status: "failed" };
    }
    const record = read.kind === "found" ? read.record : null;
    if (!record || entry === "ended" || isFinished(record.status)) {
      // Finished or expired, yet maybe still at the head (its worker died after recording it):
      // it must not block the turns behind it.
      const { next } = await gate.evict(conversationKey, turnId, "cancelled");
      if (next) await wakeTurn(next);
      return { kind: "ended", status: record?.status ?? "cancelled" };
    }
    if (entry === "gone") return { kind: "ended", status: "cancelled" };
    if (entry === "not_head") {
      // Parked, not polling: the turn ahead wakes this one when it leaves the head. Were it to
      // leave between our check and the park, its wake-up found nothing to promote: look again.
      await job.moveToDelayed(Date.now() + parkMs, token);
      if (await gate.isHead(conversationKey, turnId)) await wakeTurn(turnId);
      throw new DelayedError();
    }
    if (entry === "locked") {
      // The head's lock is held by a worker that died or has not let go yet; it lapses on its own,
      // without anyone to wake us. Jitter spreads the retries of many waiting turns.
      await job.moveToDelayed(Date.now() + waitMs * (0.5 + Math.random()), token);
      throw new DelayedError();
    }
    return { kind: "entered", record, lockToken };
  }

  async function processTurnJob(job: Job<TurnJob>, token?: string): Promise<TurnStatus> {
    const { turnId, conversationKey } = turnJobSchema.parse(job.data);
    const controller = new AbortController();
    // Watched before the turn is entered: a stop published once it runs is heard here, and one
    // recorded before (against an earlier try) comes back with the turn's fields.
    const unwatch = await stopSignals.watch(conversationKey, turnId, () => controller.abort("stopped"));
    try {
      const entered = await enterTurn(job, { turnId, conversationKey }, token);
      if (entered.kind === "ended") return entered.status;
      if (entered.record.stopRequested) controller.abort("stopped");
      return await runEnteredTurn(job, { turnId, conversationKey, token, ...entered }, controller);
    } finally {
      await unwatch();
    }
  }

  /** Runs a turn that holds the head of its conversation and its lock, until it leaves them. */
  async function runEnteredTurn(
    job: Job<TurnJob>,
    {
      turnId,
      conversationKey,
      token,
      record,
      lockToken,
    }: Pick<TurnJob, "turnId" | "conversationKey"> & {
      /** BullMQ's lock of the job, to hand it back with. */
      token: string | undefined;
      record: TurnRecord;
      lockToken: string;
    },
    controller: AbortController,
  ): Promise<TurnStatus> {
    const { watchdog } = options;
    const deadline = await watchdog?.arm(conversationKey, turnId);
    if (watchdog && deadline !== undefined && deadline <= Date.now()) {
      // A retry (its worker died) that starts past the turn's deadline: it ends here, answered once.
      await watchdog.expire(conversationKey, turnId);
      return "timed_out";
    }
    const attempt = job.attemptsMade + 1;
    const isFinalAttempt = attempt >= (job.opts.attempts ?? 1);
    let cancelRenewal = () => {};
    let timeout: NodeJS.Timeout | undefined;
    running.set(turnId, controller);
    try {
      if (deadline !== undefined)
        timeout = setTimeout(() => controller.abort("timed_out"), Math.max(0, deadline - Date.now()));
      const renewLater = () => {
        cancelRenewal = beat.after(lockMs / 3, () => {
          gate.renew(conversationKey, lockToken).then(
            // Without the lock another worker may take the turn over: this run must end now.
            (held) => held || controller.signal.aborted || controller.abort("lost_lock"),
            (error: unknown) =>
              log.warn("queue.turn.lock_renew_failed", { turn_id: turnId, error: errorMessage(error) }),
          );
          renewLater();
        });
      };
      renewLater();
      const status = await runTurn(record.turn, { signal: controller.signal, attempt, isFinalAttempt });
      const next = await gate.leave(conversationKey, turnId, lockToken, turnStatusSchema.parse(status));
      if (next) await wakeTurn(next);
      await watchdog?.disarm(conversationKey, turnId);
      log.info("queue.turn.finished", { turn_id: turnId, status, attempt });
      return status;
    } catch (error) {
      if (controller.signal.reason === "timed_out" && watchdog) {
        // Ended, not retried: the watchdog takes it out of its conversation and answers it, racing
        // (harmlessly) any sweep that got there first.
        await watchdog.expire(conversationKey, turnId);
        return "timed_out";
      }
      if (controller.signal.reason === "lost_lock") {
        log.warn("queue.turn.lock_lost", { turn_id: turnId, attempt });
      } else if (controller.signal.reason === "shutdown" && token) {
        // The worker is going away, not the turn: it goes back to the queue for the next worker,
        // this try not counted. Failed instead, a shutdown during a turn's last try would end it
        // unanswered, and every earlier one would cost the turn a try and a backoff.
        await gate.release(conversationKey, turnId, lockToken);
        await job.moveToDelayed(Date.now(), token);
        log.info("queue.turn.handed_back", { turn_id: turnId, attempt });
        throw new DelayedError();
      } else if (isFinalAttempt || error instanceof UnrecoverableError) {
        // No try is left: end the turn so that the conversation's later turns are not blocked.
        const next = await gate.leave(conversationKey, turnId, lockToken, "failed");
        if (next) await wakeTurn(next);
        log.error("queue.turn.gave_up", { turn_id: turnId, attempt, error: errorMessage(error) });
      } else {
        await gate.release(conversationKey, turnId, lockToken);
      }
      throw error;
    } finally {
      cancelRenewal();
      clearTimeout(timeout);
      running.delete(turnId);
    }
  }

  /**
   * BullMQ can fail a job without the processor (stalled more often than allowed), or the
   * processor's own clean-up can fail. Either way the turn must leave its conversation, and the
   * person must hear that it failed.
   */
  async function giveUp(job: Job<TurnJob>, error: Error): Promise<void> {
    const { turnId, conversationKey } = turnJobSchema.parse(job.data);
    const { changed, next } = await gate.evict(conversationKey, turnId, "failed");
    if (next) await wakeTurn(next);
    if (!changed) return;
    log.error("queue.turn.abandoned", {
      turn_id: turnId,
      attempts_made: job.attemptsMade,
      error: error.message,
    });
    const record = await readTurnRecord(connection, keys, conversationKey, turnId);
    if (record) await options.onAbandoned?.(record.turn);
  }

  /** Moves a waiting turn out of the delayed set at once instead of at its next check. */
  const wakeTurn = (turnId: string) => promoteTurn(turns, turnId);

  const worker = new Worker<TurnJob>(queueName, processTurnJob, {
    connection,
    prefix: keys.queuePrefix,
    concurrency: options.concurrency ?? WORKER_CONCURRENCY,
    lockDuration: options.jobLockMs ?? 30_000,
    stalledInterval: options.stalledIntervalMs ?? 30_000,
    maxStalledCount: options.maxStalledCount ?? TURN_MAX_STALLED_COUNT,
  });
  worker.on("failed", (job, error) => {
    log.warn("queue.turn.attempt_failed", {
      turn_id: job?.id,
      attempts_made: job?.attemptsMade,
      error: error.message,
    });
    const final =
      error instanceof UnrecoverableError ||
      (job !== undefined && job.attemptsMade >= (job.opts.attempts ?? 1));
    if (job && (final || STALLED_TOO_OFTEN.test(error.message))) {
      giveUp(job, error).catch((failure: unknown) =>
        log.error("queue.turn.give_up_failed", { turn_id: job.id, error: errorMessage(failure) }),
      );
    }
  });
  worker.on("error", (error) => log.error("queue.worker.error", { error: error.message }));

  return {
    worker,
    async drain(graceMs = SHUTDOWN_GRACE_MS) {
      log.info("queue.worker.draining", { running: running.size, grace_ms: graceMs });
      const closing = worker.close();
      if (!(await settledWithin(closing, graceMs))) {
        log.warn("queue.worker.grace_expired", { handed_back: running.size });
        for (const controller of running.values()) controller.abort("shutdown");
        await closing;
      }
      await stopSignals.close();
    },
  };
}
