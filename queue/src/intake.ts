import {
  conversationKey as keyOfConversation,
  type Logger,
  type RedisKeys,
  type RequestIntake,
  type Turn,
  turnStatusSchema,
} from "@baton/core";
import type { Redis } from "ioredis";
import { boundRequest } from "./bound-request.js";
import { DELIVERY_DEDUPE_TTL_MS, TURN_TTL_MS } from "./queue-settings.js";
import { isFinished } from "./turn-record.js";

export type Intake = RequestIntake;

// Claims the delivery and, if it is new, stores the turn and queues its id at the tail of the
// conversation's inbox. KEYS: delivery, turn, inbox. ARGV: turn id, turn JSON, delivery TTL ms,
// turn TTL ms. The three keys share the conversation's hash tag (one Cluster slot).
const CLAIM_DELIVERY = `
local claimed = 'expired'
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[3]) then
  redis.call('HSET', KEYS[2], 'data', ARGV[2], 'status', 'queued', 'attempts', 0)
  redis.call('PEXPIRE', KEYS[2], ARGV[4])
  redis.call('RPUSH', KEYS[3], ARGV[1])
  redis.call('PEXPIRE', KEYS[3], ARGV[4])
  claimed = 'new'
else
  claimed = redis.call('HGET', KEYS[2], 'status') or 'expired'
end
`;
// On one Redis the intake stream entry is written by the same script (KEYS[4]: the stream;
// ARGV[5]: the conversation key): one command, atomic, nothing lost in between.
const CLAIM_AND_RECORD_SCRIPT = `${CLAIM_DELIVERY}
redis.call('XADD', KEYS[4], '*', 'turn', ARGV[1], 'conversation', ARGV[5])
return claimed
`;
const CLAIM_ONLY_SCRIPT = `${CLAIM_DELIVERY}
return claimed
`;

export interface IntakeOptions {
  redis: Redis;
  keys: RedisKeys;
  logger: Logger;
}

/**
 * Accepts a session request once per delivery: persists the turn, appends it to its
 * conversation's inbox, and records it on the intake stream, from which the dispatcher posts the
 * acknowledgement and queues the turn's job. Every delivery, repeats included, writes a stream
 * entry: were a process to die between a claim and its entry (possible on a Cluster only), the
 * platform's retry of the unfinished turn writes it again, and the dispatcher is idempotent.
 */
export function createIntake({ redis, keys, logger }: IntakeOptions): Intake {
  redis.defineCommand("batonClaimAndRecord", { numberOfKeys: 4, lua: CLAIM_AND_RECORD_SCRIPT });
  redis.defineCommand("batonClaimDelivery", { numberOfKeys: 3, lua: CLAIM_ONLY_SCRIPT });
  const commands = redis as unknown as ClaimCommands;

  /**
   * The claim must land before the stream entry: the dispatcher reads the turn the entry names.
   * A Cluster keeps the stream in another slot than the conversation, so there the entry follows
   * the claim as a second command.
   */
  async function claimAndRecord(conversationKey: string, deliveryId: string, turn: Turn): Promise<unknown> {
    const claimKeys = [
      keys.delivery(conversationKey, deliveryId),
      keys.turn(conversationKey, turn.id),
      keys.inbox(conversationKey),
    ];
    const claimArgs = [turn.id, JSON.stringify(turn), DELIVERY_DEDUPE_TTL_MS, TURN_TTL_MS];
    if (!commands.isCluster) {
      return commands.batonClaimAndRecord(...claimKeys, keys.intakeStream, ...claimArgs, conversationKey);
    }
    const claimed = await commands.batonClaimDelivery(...claimKeys, ...claimArgs);
    await redis.xadd(keys.intakeStream, "*", "turn", turn.id, "conversation", conversationKey);
    return claimed;
  }

  return async function intake(given) {
    // Bounded and validated before anything is stored: a turn the dispatcher or a worker could
    // not read back would hold its conversation's head.
    const { request, droppedChars } = boundRequest(given);
    if (droppedChars > 0) {
      logger.warn("queue.intake.truncated", { delivery_id: request.deliveryId, dropped_chars: droppedChars });
    }
    const conversationKey = keyOfConversation(request.conversation);
    const turnId = request.id;
    const claim = await claimAndRecord(conversationKey, request.deliveryId, {
      id: turnId,
      conversationKey,
      request,
    });
    if (claim === "new") return { kind: "accepted", turnId };
    const status = turnStatusSchema.safeParse(claim);
    const requeued = status.success && !isFinished(status.data);
    logger.info("queue.intake.duplicate", {
      turn_id: turnId,
      delivery_id: request.deliveryId,
      status: claim,
      requeued,
    });
    return { kind: "duplicate", turnId, requeued };
  };
}

interface ClaimCommands {
  readonly isCluster: boolean;
  batonClaimAndRecord(...args: Array<string | number>): Promise<unknown>;
  batonClaimDelivery(...args: Array<string | number>): Promise<unknown>;
}
