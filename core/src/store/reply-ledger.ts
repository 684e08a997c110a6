import type { Redis } from "ioredis";
import { DEFAULT_RETENTION } from "../retention/retention.js";
import { type SessionRequest, sessionRequestSchema } from "../schemas/session-request.js";
import { defineRedisScripts, redisScript } from "./redis-scripts.js";
import type { RedisStoreOptions } from "./redis-store-options.js";

/** Which target picker a field belongs to: the one asking where to work, or "Change target". */
export type PickerMode = "ask" | "change";

/**
 * The names of what a replier records for a turn. Only this module spells them: repliers and
 * controls of every platform use these, so that a question such as "is this turn finished?" has
 * one answer.
 */
export const REPLY_FIELDS = {
  /** The platform's id of the turn's "working" message (a message ts, a comment id, …). */
  workingMessage: "working",
  /** Set by whoever (acknowledgement or worker) gets to post the working message first. */
  workingClaimed: "working.claimed",
  /** The `WorkingContext` (target, backend, model), as JSON, for progress edits. */
  workingContext: "working.context",
  /** The request as JSON, for a picker or a change of target to start it again. */
  pendingRequest: "request",
  /** Set just before `field`'s message is posted: a retry that finds it but no id looks for the message. */
  posting: (field: string) => `${field}.posting`,
  /** The id of the n-th message of the result. */
  resultPart: (index: number) => `result.${index}`,
  /** The id of the failure message. */
  failed: "failed",
  /** Set once the person was told the turn was not run. */
  declined: "declined",
  /** Claimed (by `withReplyLedger`) before the person is told the turn was not run: told once. */
  declineClaimed: "declined.claimed",
  /** Set once the session's own conversation was told what this turn (asked elsewhere) changed. */
  originNote: "origin-note",
  /** Set (to the final status) once the turn has its result or failure, before either is posted. */
  finished: "finished",
  /**
   * The turn's one final reply (a result or a failure, as JSON), claimed before any of it is
   * posted: whoever claims first decides what the person sees; everyone later delivers that.
   */
  finalReply: "final",
  /** Set once the final reply was posted in full. */
  finalDelivered: "final.delivered",
  /** Claimed before the offer to make a place's habit its mapping is posted: one offer per turn. */
  mappingOffer: "mapping-offer",
  /** Who may post the final reply right now: "<until ms> <token>" (see `FinalReplyClaims.lease`). */
  finalLease: "final.lease",
  /** The id of a target picker message. */
  picker: (mode: PickerMode) => `picker.${mode}`,
  /**
   * The target chosen in a picker: a picker answers once. After `n` choices intake refused, the
   * next is claimed under `picked.<mode>.<n>`, so that the picker can be answered again.
   */
  picked: (mode: PickerMode, refusals = 0) => (refusals ? `picked.${mode}.${refusals}` : `picked.${mode}`),
  /** How many choices in a picker intake refused (a count). */
  pickRefusals: (mode: PickerMode) => `picked.${mode}.refused`,
  // Per conversation, under `conversationLedgerId` (a platform whose questions are answered by
  // the next message, an agent session's elicitations, rather than by a button).
  /** The turn whose question waits for a text answer in this conversation. */
  askingTurn: "asking.turn",
  /** The targets that question listed (`targetId`s, as JSON), for an answer by number. */
  askingCandidates: "asking.candidates",
  /**
   * The turn whose "which codebase?" picker is still open in this conversation (set by
   * `withReplyLedger` when it asks), emptied once a turn of the conversation works: a picker the
   * conversation went on without (the person named a target in a new message) answers no more.
   */
  pickerWaiting: "picker.waiting",
  /** The delivery whose answer started a question's turn, so that its redelivery is not a prompt. */
  answeredBy: (turnId: string) => `answered.${turnId}`,
  /** The offer to make a place's habit its mapping that waits for a text answer (JSON: turn, place, target). */
  offerWaiting: "offer.waiting",
  /** Claimed by the delivery that answered (or let lapse) the offer the turn posted: an offer answers once. */
  offerAnsweredBy: (turnId: string) => `offer.answered.${turnId}`,
  /** The share link last shown on the conversation itself (an agent session's external URL). */
  conversationLink: "conversation.link",
  /** Set once the platform's item was claimed for the agent (an issue moved to started and delegated). */
  itemClaimed: "item.claimed",
} as const;

/** The ledger id of a conversation's own records (turn ids start with `t_`, so they never meet). */
export function conversationLedgerId(conversationKey: string): string {
  return `conversation.${conversationKey}`;
}

/**
 * What a replier has already posted for a turn (message timestamps, comment ids, reaction
 * markers). A retried turn looks here first and edits instead of posting a second time.
 * Fields are named in `REPLY_FIELDS`.
 */
export interface ReplyLedger {
  get(turnId: string, field: string): Promise<string | null>;
  /** Several fields in one read, in the order asked (null where nothing is recorded). */
  getMany(turnId: string, fields: readonly string[]): Promise<(string | null)[]>;
  set(turnId: string, field: string, value: string): Promise<void>;
  /** Records `value` only if nothing is recorded yet; true when this call recorded it. */
  claim(turnId: string, field: string, value: string): Promise<boolean>;
  /**
   * As `claim`, recording `then` in the same step when this call claimed the field: a claim and
   * the first mark of what its holder does next (a message's `posting`), one round trip.
   */
  claimThenSet(
    turnId: string,
    claim: { field: string; value: string },
    then: { field: string; value: string },
  ): Promise<boolean>;
  /** Keeps the turn's request, so that a picker or a change of target can start it again. */
  rememberRequest(turnId: string, request: SessionRequest): Promise<void>;
  /** The request `rememberRequest` kept, or null. */
  pendingRequest(turnId: string): Promise<SessionRequest | null>;
  /** Records that the turn has its result (or failure); call it before posting either. */
  markFinished(turnId: string, status: "completed" | "stopped" | "failed"): Promise<void>;
  /** Whether the turn has its result or failure, so that it will not run again. */
  isTurnFinished(turnId: string): Promise<boolean>;
}

// Every write renews the ledger's lifetime. A script rather than MULTI/HSET/PEXPIRE/EXEC: one
// command instead of four, and ioredis builds no transaction object (whose cost grows with every
// script defined on the connection, BullMQ's included) for each of a turn's dozen writes.
// KEYS: the ledger. ARGV: field, value, TTL ms.
const LEDGER_SET_SCRIPT = `
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`;
// As LEDGER_SET_SCRIPT, only when the field is not recorded yet; returns 1 when this call recorded it.
const LEDGER_CLAIM_SCRIPT = `
local claimed = redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return claimed
`;
// As LEDGER_CLAIM_SCRIPT, also setting ARGV[4] to ARGV[5] when this call claimed the field.
// KEYS: the ledger. ARGV: field, value, TTL ms, then field, then value.
const LEDGER_CLAIM_THEN_SET_SCRIPT = `
local claimed = redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2])
if claimed == 1 then redis.call('HSET', KEYS[1], ARGV[4], ARGV[5]) end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return claimed
`;
// As LEDGER_CLAIM_SCRIPT, returning the value that holds: this call's or the one recorded before.
const LEDGER_CLAIM_HELD_SCRIPT = `
redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return redis.call('HGET', KEYS[1], ARGV[1])
`;

type LedgerWriteArgs = [field: string, value: string, ttlMs: number];
const LEDGER_SCRIPTS = {
  batonLedgerSet: redisScript<[ledger: string], LedgerWriteArgs, number>({
    numberOfKeys: 1,
    lua: LEDGER_SET_SCRIPT,
  }),
  batonLedgerClaim: redisScript<[ledger: string], LedgerWriteArgs, number>({
    numberOfKeys: 1,
    lua: LEDGER_CLAIM_SCRIPT,
  }),
  batonLedgerClaimThenSet: redisScript<
    [ledger: string],
    [...LedgerWriteArgs, thenField: string, thenValue: string],
    number
  >({
    numberOfKeys: 1,
    lua: LEDGER_CLAIM_THEN_SET_SCRIPT,
  }),
  batonLedgerClaimHeld: redisScript<[ledger: string], LedgerWriteArgs, string | null>({
    numberOfKeys: 1,
    lua: LEDGER_CLAIM_HELD_SCRIPT,
  }),
};

/** The ledger's writes, each one command on `redis` (see the scripts above), each renewing its `ttlMs`. */
export interface LedgerWrites {
  set(key: string, field: string, value: string): Promise<void>;
  claim(key: string, field: string, value: string): Promise<boolean>;
  /** Claims the field and returns the value that holds (this one, or the one claimed before). */
  claimHeld(key: string, field: string, value: string): Promise<string | null>;
}

export function defineLedgerWrites(redis: Redis, ttlMs: number): LedgerWrites {
  const scripts = defineRedisScripts(redis, LEDGER_SCRIPTS);
  return {
    async set(key, field, value) {
      await scripts.batonLedgerSet([key], [field, value, ttlMs]);
    },
    async claim(key, field, value) {
      return (await scripts.batonLedgerClaim([key], [field, value, ttlMs])) === 1;
    },
    claimHeld: (key, field, value) => scripts.batonLedgerClaimHeld([key], [field, value, ttlMs]),
  };
}

/** Replies are remembered as long as their turns are (`retention.turnMs`). */
export function createReplyLedger({
  redis,
  keys,
  retention = DEFAULT_RETENTION,
}: RedisStoreOptions): ReplyLedger {
  const writes = defineLedgerWrites(redis, retention.turnMs);
  const scripts = defineRedisScripts(redis, LEDGER_SCRIPTS);
  const set = (turnId: string, field: string, value: string) => writes.set(keys.reply(turnId), field, value);
  return {
    get: (turnId, field) => redis.hget(keys.reply(turnId), field),
    getMany: (turnId, fields) =>
      fields.length ? redis.hmget(keys.reply(turnId), ...fields) : Promise.resolve([]),
    set,
    claim: (turnId, field, value) => writes.claim(keys.reply(turnId), field, value),
    async claimThenSet(turnId, claim, then) {
      const claimed = await scripts.batonLedgerClaimThenSet(
        [keys.reply(turnId)],
        [claim.field, claim.value, retention.turnMs, then.field, then.value],
      );
      return claimed === 1;
    },
    rememberRequest: (turnId, request) => set(turnId, REPLY_FIELDS.pendingRequest, JSON.stringify(request)),
    async pendingRequest(turnId) {
      const raw = await redis.hget(keys.reply(turnId), REPLY_FIELDS.pendingRequest);
      return raw ? sessionRequestSchema.parse(JSON.parse(raw)) : null;
    },
    markFinished: (turnId, status) => set(turnId, REPLY_FIELDS.finished, status),
    async isTurnFinished(turnId) {
      // Ledgers written before `finished` existed tell by their result or failure message.
      const values = await redis.hmget(
        keys.reply(turnId),
        REPLY_FIELDS.finished,
        REPLY_FIELDS.resultPart(0),
        REPLY_FIELDS.failed,
      );
      return values.some((value) => value !== null);
    },
  };
}
