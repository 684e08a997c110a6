import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { BatonErrorCode, UserFacingError } from "../errors.js";
import { DEFAULT_RETENTION } from "../retention/retention.js";
import { turnOutcomeSchema } from "../schemas/turn.js";
import { defineRedisScripts, redisScript } from "../store/redis-scripts.js";
import type { RedisStoreOptions } from "../store/redis-store-options.js";
import { defineLedgerWrites, REPLY_FIELDS } from "../store/reply-ledger.js";

/** What a turn's one final reply says: its result, or why it failed (a timeout included). */
export const finalReplySchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("result"), outcome: turnOutcomeSchema, shareUrl: z.string().nullable() }),
  z.object({
    kind: z.literal("failed"),
    error: z.object({ code: z.string().transform((code) => code as BatonErrorCode), message: z.string() }),
  }),
]);
export type FinalReply = z.infer<typeof finalReplySchema>;

export function failedReply(error: UserFacingError): FinalReply {
  return { kind: "failed", error: { code: error.code, message: error.message } };
}

/** Lets go of a delivery lease, if it is still ours; `delivered` records the delivery in the same step. */
export type ReleaseLease = (outcome?: { delivered: boolean }) => Promise<void>;

/**
 * A claim and the right to deliver, taken in one step (`claimAndLease`): the reply that holds, and
 * the lease on posting it, unless the reply was delivered already or another process holds it.
 */
export interface ClaimedDelivery {
  reply: FinalReply;
  lease: ReleaseLease | "delivered" | "held_elsewhere";
}

/**
 * The claim on a turn's final reply, kept beside its reply ledger. The first claim decides what
 * the person is told; a worker that finishes just as the watchdog times the turn out, or a retry
 * that fails where an earlier try succeeded, finds the claim and delivers that reply instead of
 * its own.
 */
export interface FinalReplyClaims {
  /** Claims `reply` unless a reply is claimed already; returns the reply that holds. */
  claim(turnId: string, reply: FinalReply): Promise<FinalReply>;
  /** The claimed reply, or null when none is (or it is stored in a form this Baton cannot read). */
  claimed(turnId: string): Promise<FinalReply | null>;
  isDelivered(turnId: string): Promise<boolean>;
  /**
   * Claims `reply` as `claim` does and, unless the reply that holds was delivered, takes the right
   * to post it for `leaseMs`, so that two processes never post it at the same moment: in one
   * round trip. A holder that dies loses the lease when it lapses; releasing it with
   * `delivered: true` records the delivery.
   */
  claimAndLease(turnId: string, reply: FinalReply, leaseMs: number): Promise<ClaimedDelivery>;
}

// The lease is a field of the reply ledger, "<until ms> <token>", so that the claim, the check for
// a delivery and the lease are one script on one key (one step on a Cluster too), where they were
// four commands. Its time is Redis's own, the same for every process.
// take_lease returns 'delivered', 'held_elsewhere' or 'leased'.
const TAKE_LEASE_LUA = `
local function take_lease(ledger, field, token, lease_ms, delivered_field)
  if redis.call('HEXISTS', ledger, delivered_field) == 1 then return 'delivered' end
  local now = redis.call('TIME')
  local now_ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
  local lease = redis.call('HGET', ledger, field)
  local until_ms = lease and tonumber(string.match(lease, '^(%d+) '))
  if until_ms and until_ms > now_ms then return 'held_elsewhere' end
  redis.call('HSET', ledger, field, (now_ms + tonumber(lease_ms)) .. ' ' .. token)
  return 'leased'
end
`;
// Takes the lease (see take_lease) after claiming the final reply (ARGV 5 and 6: its field and JSON; 7: the
// ledger's TTL ms). KEYS: the ledger. ARGV 1 to 4: the lease's field, token and ms, the delivered
// field. Returns { the reply that holds, the lease's outcome }.
const CLAIM_AND_LEASE_SCRIPT = `${TAKE_LEASE_LUA}
redis.call('HSETNX', KEYS[1], ARGV[5], ARGV[6])
redis.call('PEXPIRE', KEYS[1], ARGV[7])
local held = redis.call('HGET', KEYS[1], ARGV[5])
return { held, take_lease(KEYS[1], ARGV[1], ARGV[2], ARGV[3], ARGV[4]) }
`;
// Lets go of the lease while it is this holder's, recording the delivery first when ARGV[3] is
// set. KEYS: the ledger. ARGV: lease field, token, delivered field or '', ledger TTL ms.
const RELEASE_SCRIPT = `
if ARGV[3] ~= '' then
  redis.call('HSET', KEYS[1], ARGV[3], '1')
  redis.call('PEXPIRE', KEYS[1], ARGV[4])
end
local lease = redis.call('HGET', KEYS[1], ARGV[1])
if lease and string.match(lease, '^%d+ (.*)$') == ARGV[2] then redis.call('HDEL', KEYS[1], ARGV[1]) end
return 0
`;

type LeaseOutcome = "delivered" | "held_elsewhere" | "leased";
type LeaseArgs = [leaseField: string, token: string, leaseMs: number, deliveredField: string];
const FINAL_REPLY_SCRIPTS = {
  batonClaimAndLeaseReply: redisScript<
    [ledger: string],
    [...LeaseArgs, finalField: string, reply: string, ttlMs: number],
    [held: string, outcome: LeaseOutcome]
  >({ numberOfKeys: 1, lua: CLAIM_AND_LEASE_SCRIPT }),
  batonReleaseReplyLease: redisScript<
    [ledger: string],
    [leaseField: string, token: string, deliveredField: string, ttlMs: number],
    number
  >({ numberOfKeys: 1, lua: RELEASE_SCRIPT }),
};

export function createFinalReplyClaims({
  redis,
  keys,
  retention = DEFAULT_RETENTION,
}: RedisStoreOptions): FinalReplyClaims {
  const scripts = defineRedisScripts(redis, FINAL_REPLY_SCRIPTS);
  // The claim lives in the reply ledger, as long as the ledger.
  const writes = defineLedgerWrites(redis, retention.turnMs);
  const ttlMs = retention.turnMs;
  const leaseArgs = (token: string, leaseMs: number): LeaseArgs => [
    REPLY_FIELDS.finalLease,
    token,
    Math.max(1, Math.round(leaseMs)),
    REPLY_FIELDS.finalDelivered,
  ];
  const releaseOf =
    (turnId: string, token: string): ReleaseLease =>
    async ({ delivered } = { delivered: false }) => {
      await scripts.batonReleaseReplyLease(
        [keys.reply(turnId)],
        [REPLY_FIELDS.finalLease, token, delivered ? REPLY_FIELDS.finalDelivered : "", ttlMs],
      );
    };

  function parse(raw: string | null | undefined): FinalReply | null {
    if (!raw) return null;
    try {
      const parsed = finalReplySchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  return {
    async claim(turnId, reply) {
      // One key, so claiming and reading back what holds is one atomic step on a Cluster too.
      const json = JSON.stringify(reply);
      const held = await writes.claimHeld(keys.reply(turnId), REPLY_FIELDS.finalReply, json);
      // Ours holds (the usual case): nothing to read back.
      if (held === json) return reply;
      // A claim this version cannot read (written by another version) still holds the slot, but
      // this caller can only deliver what it knows: its own reply, which replaces it.
      return parse(held) ?? reply;
    },
    claimed: async (turnId) => parse(await redis.hget(keys.reply(turnId), REPLY_FIELDS.finalReply)),
    isDelivered: async (turnId) =>
      (await redis.hget(keys.reply(turnId), REPLY_FIELDS.finalDelivered)) !== null,
    async claimAndLease(turnId, reply, leaseMs) {
      const token = randomUUID();
      const json = JSON.stringify(reply);
      const [held, outcome] = await scripts.batonClaimAndLeaseReply(
        [keys.reply(turnId)],
        [...leaseArgs(token, leaseMs), REPLY_FIELDS.finalReply, json, ttlMs],
      );
      // Ours holds (the usual case): nothing to parse. One this version cannot read is replaced by ours.
      const holds = held === json ? reply : (parse(held) ?? reply);
      return { reply: holds, lease: outcome === "leased" ? releaseOf(turnId, token) : outcome };
    },
  };
}
