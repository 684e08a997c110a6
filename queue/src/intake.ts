import {
  conversationKey as keyOfConversation,
  type Logger,
  type RedisKeys,
  type RequestIntake,
  type Turn,
  turnStatusSchema,
} from "@baton/core";
import type { Redis } from "ioredis";
import { DELIVERY_DEDUPE_TTL_MS, TURN_TTL_MS } from "./queue-settings.js";
import { isFinished } from "./turn-record.js";

export type Intake = RequestIntake;

// Claims the delivery and, if it is new, stores the turn and queues its id at the tail of the
// conversation's inbox. All three keys share the conversation's hash tag (one Cluster slot).
// KEYS: delivery, turn, inbox. ARGV: turn id, turn JSON, delivery TTL ms, turn TTL ms.
const CLAIM_DELIVERY_SCRIPT = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[3]) then
  redis.call('HSET', KEYS[2], 'data', ARGV[2], 'status', 'queued', 'attempts', 0)
  redis.call('PEXPIRE', KEYS[2], ARGV[4])
  redis.call('RPUSH', KEYS[3], ARGV[1])
  redis.call('PEXPIRE', KEYS[3], ARGV[4])
  return 'new'
end
return redis.call('HGET', KEYS[2], 'status') or 'expired'
`;

export interface IntakeOptions {
  /** Use a connection with auto-pipelining: the claim and the stream entry then share one round trip. */
  redis: Redis;
  keys: RedisKeys;
  logger: Logger;
}

/**
 * Accepts a session request once per delivery: persists the turn, appends it to its
 * conversation's inbox, and records it on the intake stream, from which the dispatcher posts the
 * acknowledgement and queues the turn's job. The stream entry is written with the claim, not after
 * it, so a process that dies between the two cannot leave a claimed delivery that nothing will run:
 * a platform retry of an unfinished turn simply writes its entry again (the dispatcher is idempotent).
 */
export function createIntake({ redis, keys, logger }: IntakeOptions): Intake {
  redis.defineCommand("batonClaimDelivery", { numberOfKeys: 3, lua: CLAIM_DELIVERY_SCRIPT });
  const claimDelivery = (redis as unknown as ClaimDeliveryCommand).batonClaimDelivery.bind(redis);
  const stream = keys.intakeStream;

  return async function intake(request) {
    const conversationKey = keyOfConversation(request.conversation);
    const turnId = request.id;
    const turn: Turn = { id: turnId, conversationKey, request };
    const [claim] = await Promise.all([
      claimDelivery(
        keys.delivery(conversationKey, request.deliveryId),
        keys.turn(conversationKey, turnId),
        keys.inbox(conversationKey),
        turnId,
        JSON.stringify(turn),
        DELIVERY_DEDUPE_TTL_MS,
        TURN_TTL_MS,
      ),
      // Sent in the same round trip as the claim and executed after it; for a duplicate of a
      // finished turn the dispatcher finds it finished and drops the entry.
      redis.xadd(stream, "*", "turn", turnId, "conversation", conversationKey),
    ]);
    if (claim === "new") return { kind: "accepted", turnId };
    const status = turnStatusSchema.safeParse(claim);
    const requeued = status.success && !isFinished(status.data);
    logger.info("queue.intake.duplicate", { turn_id: turnId, delivery_id: request.deliveryId, status: claim, requeued });
    return { kind: "duplicate", turnId, requeued };
  };
}

interface ClaimDeliveryCommand {
  batonClaimDelivery(
    deliveryKey: string,
    turnKey: string,
    inboxKey: string,
    turnId: string,
    turnJson: string,
    deliveryTtlMs: number,
    turnTtlMs: number,
  ): Promise<string>;
}
