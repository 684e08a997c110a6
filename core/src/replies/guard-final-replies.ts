import type { Logger } from "../contracts/logger.js";
import type { Replier } from "../contracts/replier.js";
import { TransientError } from "../errors.js";
import type { Platform } from "../schemas/conversation-ref.js";
import type { Turn } from "../schemas/turn.js";
import { type FinalReply, type FinalReplyClaims, failedReply } from "./final-reply-claims.js";

/** How long one process may take to post a final reply before another may take over. */
export const FINAL_REPLY_LEASE_MS = 60_000;

export interface GuardFinalRepliesOptions {
  claims: FinalReplyClaims;
  logger: Logger;
  /** See `FINAL_REPLY_LEASE_MS`; keep it well under the turn timeout. */
  leaseMs?: number;
}

/**
 * Gives every turn exactly one final reply, whoever ends it (the worker, a retry, the watchdog,
 * BullMQ giving up): `result` and `failed` first claim the turn's final reply, then deliver the
 * claimed one, under a lease so that two processes never post it at once, and record that it
 * was delivered. A repeat after delivery posts nothing. Delivering again after a crash is safe
 * because each replier edits what its ledger (or the platform) says it already posted. A
 * question or a refusal is not sent once the turn has its final reply.
 */
export function guardFinalReplies(
  repliers: Partial<Record<Platform, Replier>>,
  options: GuardFinalRepliesOptions,
): Partial<Record<Platform, Replier>> {
  return Object.fromEntries(
    Object.entries(repliers).map(([platform, replier]) => [platform, guardFinalReply(replier, options)]),
  );
}

export function guardFinalReply(
  replier: Replier,
  { claims, logger, leaseMs = FINAL_REPLY_LEASE_MS }: GuardFinalRepliesOptions,
): Replier {
  const log = logger.child({ component: "core.final_reply" });

  /** Claims the turn's final reply and, under the lease, posts the reply that holds and records it delivered. */
  async function claimAndDeliver(
    turn: Turn,
    reply: FinalReply,
    isOther: (held: FinalReply) => boolean,
  ): Promise<void> {
    const { reply: held, lease } = await claims.claimAndLease(turn.id, reply, leaseMs);
    if (isOther(held)) log.info("core.final_reply.claimed_before", { turn_id: turn.id, kind: held.kind });
    if (lease === "delivered") return;
    if (lease === "held_elsewhere") {
      // Another process is posting it right now, or died doing so and its lease has not lapsed:
      // try again later (a retry finds it delivered, or takes over), never post beside it.
      log.info("core.final_reply.in_other_hands", { turn_id: turn.id });
      throw new TransientError("platform_failed", `the final reply of ${turn.id} is being posted elsewhere`);
    }
    let delivered = false;
    try {
      if (held.kind === "result") await replier.result(turn, held.outcome, held.shareUrl);
      else await replier.failed(turn, held.error);
      delivered = true;
    } finally {
      await lease({ delivered });
    }
  }

  return {
    ...replier,
    result: (turn, outcome, shareUrl) =>
      claimAndDeliver(
        turn,
        { kind: "result", outcome, shareUrl },
        (held) => held.kind !== "result" || held.outcome.status !== outcome.status,
      ),
    failed: (turn, error) => claimAndDeliver(turn, failedReply(error), (held) => held.kind !== "failed"),
    async ask(turn, decision) {
      if (await claims.claimed(turn.id)) return;
      await replier.ask(turn, decision);
    },
    async declined(turn, reason) {
      if (await claims.claimed(turn.id)) return;
      await replier.declined(turn, reason);
    },
  };
}
