/** Delivery ids are remembered this long: longer than any platform keeps retrying. */
export const DELIVERY_DEDUPE_TTL_MS = 3 * 24 * 60 * 60_000;
/** A turn's record (request, status) is kept this long after it was accepted. */
export const TURN_TTL_MS = 30 * 24 * 60 * 60_000;
/** How long a worker holds a conversation without renewing; a crashed worker's hold ends then. */
export const CONVERSATION_LOCK_MS = 30_000;
/** How many times a turn is tried when it keeps failing transiently. */
export const TURN_ATTEMPTS = 5;
/** The first retry's delay; each next one doubles, with jitter. */
export const TURN_BACKOFF_MS = 2_000;
/** A turn that waits behind another checks again after about this long (or when promoted). */
export const TURN_WAIT_MS = 1_000;
/** Running turns get this long to finish after SIGTERM before they are handed back to the queue. */
export const SHUTDOWN_GRACE_MS = 30_000;
