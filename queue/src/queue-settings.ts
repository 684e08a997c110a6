// How long turn records and delivery ids are kept is the operator's retention (`Retention` in @baton/core).
/** How long a worker holds a conversation without renewing; a crashed worker's hold ends then. */
export const CONVERSATION_LOCK_MS = 30_000;
/** Finished turn jobs BullMQ keeps (for the dashboard); older ones are removed as new ones finish. */
export const COMPLETED_TURN_JOBS_KEPT = 1_000;
/** Failed turn jobs are kept this long for inspection (and no longer than the retention's turn records). */
export const FAILED_TURN_JOB_AGE_SECONDS = 7 * 24 * 3600;
/** How many times a turn is tried when it keeps failing transiently. */
export const TURN_ATTEMPTS = 5;
/** The first retry's delay; each next one doubles, with jitter. */
export const TURN_BACKOFF_MS = 2_000;
/** A turn whose conversation's lock is still held (its holder died) checks again after about this long. */
export const TURN_WAIT_MS = 1_000;
/**
 * Turns one worker process runs at once (BATON_WORKER_CONCURRENCY). A turn spends nearly all its
 * time waiting on the agent backend and the platforms, not on this process's CPU, so a worker
 * holds many at once; each is a different conversation.
 */
export const WORKER_CONCURRENCY = 32;
/** Running turns get this long to finish after SIGTERM before they are handed back to the queue. */
export const SHUTDOWN_GRACE_MS = 30_000;
/** A conversation holds at most this many turns (running and waiting); more are refused with a reply. */
export const MAX_QUEUED_TURNS_PER_CONVERSATION = 20;
/** One person may start this many turns a minute on average, and this many at once. */
export const USER_TURNS_PER_MINUTE = 10;
export const USER_TURN_BURST = 20;
/** One workspace (the organisation a request comes from, as its platform counts it) likewise. */
export const WORKSPACE_TURNS_PER_MINUTE = 300;
export const WORKSPACE_TURN_BURST = 600;
/**
 * A turn waiting behind another is woken when the head finishes; this is only the safety net for
 * a wake-up that was lost (a worker killed between finishing a turn and waking the next).
 */
export const TURN_PARKED_MS = 5 * 60_000;
/** A turn that has not ended this long after it first started is ended as timed out (BATON_TURN_TIMEOUT_MS). */
export const TURN_TIMEOUT_MS = 30 * 60_000;
/** The watchdog looks for overdue turns at least this often. */
export const WATCHDOG_SWEEP_MAX_MS = 5_000;
