const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** How long a session and its transcript outlive the conversation's last turn, unless BATON_RETENTION says otherwise. */
export const DEFAULT_RETENTION_MS = 90 * DAY_MS;

/**
 * The shortest retention that is safe in production. Delivery ids are kept no longer than the
 * retention, and a platform's retry of a delivery whose id was forgotten would start a second
 * turn. Chat platforms retry within minutes and issue trackers within hours; a day covers both
 * with room. (A platform that does not retry by itself but lets a person redeliver by hand runs a
 * delivery older than the retention again.)
 */
export const MIN_RETENTION_MS = DAY_MS;

/** Turn records and reply ledgers: long enough for a late button click or a redelivered retry. */
export const TURN_TTL_MS = 30 * DAY_MS;
/** Thread messages waiting to be handed to the conversation's next turn. */
export const CONVERSATION_CONTEXT_TTL_MS = 7 * DAY_MS;
/** How long a conversation waits for its owner's pick before anyone may open its session again. */
export const CONVERSATION_OWNER_TTL_MS = DAY_MS;
/** Delivery ids: longer than any platform keeps retrying, and as long as code hosts keep deliveries for redelivery. */
export const DELIVERY_DEDUPE_TTL_MS = 3 * DAY_MS;

/**
 * How long each kind of record Baton keeps in Redis lives, all derived from one retention. Every
 * record about a conversation (its request text, replies, thread messages, transcript) lives at
 * most `sessionMs`; the shorter-lived kinds keep their own, shorter lifetimes below that.
 */
export interface Retention {
  /** BATON_RETENTION: sessions, transcripts, pull-request links, backend memory, revoked-share markers. */
  readonly sessionMs: number;
  /** Turn records (the request), the conversation's inbox, the reply ledger, finished turn jobs, backend prompts. */
  readonly turnMs: number;
  /** Thread messages kept for the next turn. */
  readonly contextMs: number;
  /** The owner of a conversation whose session is not open yet. */
  readonly conversationOwnerMs: number;
  /** Delivery ids (intake and `claimDelivery`): a platform's retry within this is recognised. */
  readonly deliveryMs: number;
}

/**
 * Every lifetime for a retention of `retentionMs`. The caller validates the value (see
 * MIN_RETENTION_MS); this only derives.
 *
 * @example
 * retentionFor(12 * 60 * 60_000).deliveryMs; // 12 hours: a delivery id never outlives the data it guards
 */
export function retentionFor(retentionMs: number): Retention {
  const atMost = (ms: number) => Math.min(ms, retentionMs);
  return {
    sessionMs: retentionMs,
    turnMs: atMost(TURN_TTL_MS),
    contextMs: atMost(CONVERSATION_CONTEXT_TTL_MS),
    conversationOwnerMs: atMost(CONVERSATION_OWNER_TTL_MS),
    deliveryMs: atMost(DELIVERY_DEDUPE_TTL_MS),
  };
}

/** Baton's lifetimes when BATON_RETENTION is not set. */
export const DEFAULT_RETENTION: Retention = retentionFor(DEFAULT_RETENTION_MS);
