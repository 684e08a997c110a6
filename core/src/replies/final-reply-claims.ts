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

/** Lets go of a delivery lease, if it is still ours. */
export type ReleaseLease = () => Promise<void>;

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
  markDelivered(turnId: string): Promise<void>;
  /**
   * The right to post the reply for `leaseMs`, so that two processes never post it at the same
   * moment; null while another holds it. A holder that dies loses it when it lapses.
   */
  lease(turnId: string, leaseMs: number): Promise<ReleaseLease | null>;
}

// KEYS: lease. ARGV: token. Deletes the lease only while it is still this holder's.
const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

const FINAL_REPLY_SCRIPTS = {
  batonReleaseReplyLease: redisScript<[lease: string], [token: string], number>({
    numberOfKeys: 1,
    lua: RELEASE_SCRIPT,
  }),
};

export function createFinalReplyClaims({
  redis,
  keys,
  retention = DEFAULT_RETENTION,
}: RedisStoreOptions): FinalReplyClaims {
  const scripts = defineRedisScripts(redis, FINAL_REPLY_SCRIPTS);
  // The claim lives in the reply ledger, as long as the ledger.
  const writes = defineLedgerWrites(redis, retention.turnMs);
  const leaseKey = (turnId: string) => keys.scoped("reply-lease", turnId);

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
    async markDelivered(turnId) {
      await writes.set(keys.reply(turnId), REPLY_FIELDS.finalDelivered, "1");
    },
    async lease(turnId, leaseMs) {
      const token = randomUUID();
      const taken = await redis.set(leaseKey(turnId), token, "PX", Math.max(1, Math.round(leaseMs)), "NX");
      if (taken === null) return null;
      return async () => {
        await scripts.batonReleaseReplyLease([leaseKey(turnId)], [token]);
      };
    },
  };
}
