import {
  conversationKey as keyOfConversation,
  type Logger,
  type RedisKeys,
  type SessionRequest,
  type Turn,
  turnStatusSchema,
} from "@baton/core";
import type { Queue } from "bullmq";
import type { Redis } from "ioredis";
import { DELIVERY_DEDUPE_TTL_MS, TURN_TTL_MS } from "./queue-settings.js";
import type { TurnJob } from "./turn-job.js";
import { isFinished } from "./turn-record.js";

export type IntakeResult =
  | { kind: "accepted"; turnId: string }
  | { kind: "duplicate"; turnId: string; requeued: boolean };

export type Intake = (request: SessionRequest) => Promise<IntakeResult>;

// One round trip claims the delivery and, if it is new, stores the turn and queues its id at the
// tail of the conversation's inbox. All three keys share the conversation's hash tag.
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
  redis: Redis;
  keys: RedisKeys;
  turns: Queue<TurnJob>;
  acks: Queue<TurnJob>;
  logger: Logger;
}

/**
 * Accepts a session request once per delivery: persists it, appends it to its conversation's
 * inbox and queues a turn job and an acknowledgement job. A retried delivery whose turn has not
 * finished queues its jobs again (a no-op when they exist), so a crash between the claim and the
 * job never loses the turn.
 */
export function createIntake({ redis, keys, turns, acks, logger }: IntakeOptions): Intake {
  redis.defineCommand("batonClaimDelivery", { numberOfKeys: 3, lua: CLAIM_DELIVERY_SCRIPT });
  const claimDelivery = (redis as unknown as ClaimDeliveryCommand).batonClaimDelivery.bind(redis);

  return async function intake(request) {
    const conversationKey = keyOfConversation(request.conversation);
    const turnId = request.id;
    const turn: Turn = { id: turnId, conversationKey, request };
    const claim = await claimDelivery(
      keys.delivery(conversationKey, request.deliveryId),
      keys.turn(conversationKey, turnId),
      keys.inbox(conversationKey),
      turnId,
      JSON.stringify(turn),
      DELIVERY_DEDUPE_TTL_MS,
      TURN_TTL_MS,
    );
    const job: TurnJob = { version: 1, turnId, conversationKey };
    const isNew = claim === "new";
    const knownStatus = turnStatusSchema.safeParse(claim);
    const requeue = isNew || (knownStatus.success && !isFinished(knownStatus.data));
    if (requeue) {
      await Promise.all([
        turns.add("turn", job, { jobId: turnId }),
        acks.add("ack", job, { jobId: turnId }),
      ]);
    }
    if (isNew) return { kind: "accepted", turnId };
    logger.info("queue.intake.duplicate", { turn_id: turnId, delivery_id: request.deliveryId, status: claim, requeued: requeue });
    return { kind: "duplicate", turnId, requeued: requeue };
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
