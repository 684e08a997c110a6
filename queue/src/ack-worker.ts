import type { Logger, RedisKeys, Turn } from "@baton/core";
import { type Job, Worker } from "bullmq";
import type { Redis } from "ioredis";
import { type TurnJob, turnJobSchema } from "./turn-job.js";
import { isFinished, readTurnRecord } from "./turn-record.js";

export interface AckWorkerOptions {
  connection: Redis;
  keys: RedisKeys;
  queueName: string;
  /** Posts the platform's acknowledgement (👀, a Linear thought); idempotent per turn. */
  acknowledge: (turn: Turn) => Promise<void>;
  logger: Logger;
  concurrency?: number;
}

/**
 * The acknowledgement fast lane: its own queue and many slots, so that a 👀 appears within a
 * second even while every turn slot is busy or a conversation has a backlog.
 */
export function createAckWorker({ connection, keys, queueName, acknowledge, logger, concurrency = 32 }: AckWorkerOptions): Worker<TurnJob> {
  const log = logger.child({ component: "queue.ack_worker" });
  const worker = new Worker<TurnJob>(
    queueName,
    async (job: Job<TurnJob>) => {
      const { turnId, conversationKey } = turnJobSchema.parse(job.data);
      const record = await readTurnRecord(connection, keys, conversationKey, turnId);
      // A turn that already finished has said more than an acknowledgement would.
      if (!record || isFinished(record.status)) return;
      await acknowledge(record.turn);
      log.debug("queue.ack.posted", { turn_id: turnId, delivery_id: record.turn.request.deliveryId });
    },
    {
      connection,
      prefix: keys.queuePrefix,
      concurrency,
      removeOnComplete: { count: 1_000 },
      removeOnFail: { age: 24 * 3600 },
    },
  );
  worker.on("failed", (job, error) => log.warn("queue.ack.failed", { turn_id: job?.id, error: error.message }));
  worker.on("error", (error) => log.error("queue.worker.error", { error: error.message }));
  return worker;
}
