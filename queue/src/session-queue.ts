import { DEFAULT_RETENTION, type Logger, type RedisKeys, type Retention } from "@baton/core";
import { Queue } from "bullmq";
import type { Redis } from "ioredis";
import { createIntake, type Intake } from "./intake.js";
import type { IntakeLimits } from "./intake-limits.js";
import {
  COMPLETED_TURN_JOBS_KEPT,
  FAILED_TURN_JOB_AGE_SECONDS,
  TURN_ATTEMPTS,
  TURN_BACKOFF_MS,
} from "./queue-settings.js";
import { createQueuedRequesters, type QueuedRequesters } from "./queued-requesters.js";
import { createStopConversation, type StopConversation } from "./stop-conversation.js";
import { type QueueNames, queueNames, type TurnJob } from "./turn-job.js";

export interface SessionQueueOptions {
  connection: Redis;
  keys: RedisKeys;
  names?: QueueNames;
  logger: Logger;
  attempts?: number;
  backoffMs?: number;
  limits?: IntakeLimits;
  retention?: Retention;
}

/** What the bots see of the queue: they hand requests in and ask for stops, nothing else. */
export interface SessionQueue {
  intake: Intake;
  stop: StopConversation;
  queuedRequesters: QueuedRequesters;
  readonly names: QueueNames;
  readonly turns: Queue<TurnJob>;
  close(): Promise<void>;
}

export function createSessionQueue({
  connection,
  keys,
  names = queueNames(),
  logger,
  attempts,
  backoffMs,
  limits,
  retention = DEFAULT_RETENTION,
}: SessionQueueOptions): SessionQueue {
  // A finished job names its turn (a failed one keeps its error): none outlives the turn records.
  const jobAgeSeconds = Math.ceil(retention.turnMs / 1000);
  const turns = new Queue<TurnJob>(names.turns, {
    connection,
    prefix: keys.queuePrefix,
    defaultJobOptions: {
      attempts: attempts ?? TURN_ATTEMPTS,
      // Exponential with jitter, so that many turns failing together do not retry together.
      backoff: { type: "exponential", delay: backoffMs ?? TURN_BACKOFF_MS, jitter: 0.5 },
      removeOnComplete: { count: COMPLETED_TURN_JOBS_KEPT, age: jobAgeSeconds },
      removeOnFail: { age: Math.min(FAILED_TURN_JOB_AGE_SECONDS, jobAgeSeconds) },
    },
  });
  const log = logger.child({ component: "queue" });
  // Without a listener BullMQ prints connection errors to the console; the connection's owner
  // already reports outages, so these are kept at debug.
  turns.on("error", (error) => log.debug("queue.turns.error", { error: error.message }));
  return {
    intake: createIntake({ redis: connection, keys, logger: log, limits, retention }),
    stop: createStopConversation({ redis: connection, keys, turns }),
    queuedRequesters: createQueuedRequesters({ redis: connection, keys }),
    names,
    turns,
    close: () => turns.close(),
  };
}
