export { createIntake, type Intake } from "./intake.js";
export {
  createIntakeDispatcher,
  DISPATCH_MAX_IN_FLIGHT,
  DISPATCH_RECLAIM_IDLE_MS,
  DISPATCHER_GROUP,
  type IntakeDispatcher,
  type IntakeDispatcherOptions,
} from "./intake-dispatcher.js";
export { DEFAULT_INTAKE_LIMITS, type IntakeLimits, type RateLimit } from "./intake-limits.js";
export {
  CONVERSATION_LOCK_MS,
  SHUTDOWN_GRACE_MS,
  TURN_ATTEMPTS,
  TURN_BACKOFF_MS,
  TURN_TIMEOUT_MS,
  WORKER_CONCURRENCY,
} from "./queue-settings.js";
export { createQueuedRequesters, type QueuedRequesters } from "./queued-requesters.js";
export { createSessionQueue, type SessionQueue, type SessionQueueOptions } from "./session-queue.js";
export type { StopConversation, StopResult } from "./stop-conversation.js";
export { type QueueNames, queueNames, type TurnJob, turnJobSchema } from "./turn-job.js";
export { readTurnRecord, type TurnRecord } from "./turn-record.js";
export { createTurnWatchdog, type TurnWatchdog, type TurnWatchdogOptions } from "./turn-watchdog.js";
export { createTurnWorker, type TurnWorker, type TurnWorkerOptions } from "./turn-worker.js";
