import {
  conversationWorkspace,
  DEFAULT_RETENTION,
  defineRedisScripts,
  conversationKey as keyOfConversation,
  type Logger,
  type RedisKeys,
  type RequestIntake,
  type Retention,
  type SessionRequest,
  type SteeringPolicy,
  sessionRequesterKey,
  type Turn,
  turnStatusSchema,
} from "@baton/core";
import type { Redis } from "ioredis";
import { boundRequest } from "./bound-request.js";
import { DEFAULT_INTAKE_LIMITS, type IntakeLimits } from "./intake-limits.js";
import {
  type BucketArgs,
  type ClaimArgs,
  type ClaimOutcome,
  INTAKE_SCRIPTS,
  type SteeringArgs,
} from "./intake-scripts.js";
import { isFinished } from "./turn-record.js";

export type Intake = RequestIntake;

export interface IntakeOptions {
  redis: Redis;
  keys: RedisKeys;
  logger: Logger;
  limits?: IntakeLimits;
  /** Delivery ids live `deliveryMs`; the turn record and the inbox `turnMs`. */
  retention?: Retention;
}

/**
 * Accepts a session request once per delivery: persists the turn, appends it to its
 * conversation's inbox, and records it on the intake stream, from which the dispatcher posts the
 * acknowledgement and queues the turn's job. A conversation that is full, or a person or workspace
 * over its rate, gets the turn refused in the same step: stored finished, and answered by the
 * dispatcher. Every delivery, repeats included, writes a stream entry: were a process to die
 * between a claim and its entry (possible on a Cluster only), the platform's retry of the
 * unfinished turn writes it again, and the dispatcher is idempotent.
 */
export function createIntake({
  redis,
  keys,
  logger,
  limits = DEFAULT_INTAKE_LIMITS,
  retention = DEFAULT_RETENTION,
}: IntakeOptions): Intake {
  const scripts = defineRedisScripts(redis, INTAKE_SCRIPTS);
  const bucketArgs: BucketArgs = [
    limits.perUser.perMinute,
    limits.perUser.burst,
    limits.perWorkspace.perMinute,
    limits.perWorkspace.burst,
  ];

  function bucketKeys(request: SessionRequest): [string, string] {
    // Both buckets of a workspace share its hash tag, so that a Cluster takes them in one step.
    const tag = `{${conversationWorkspace(request.conversation)}}`;
    return [keys.scoped("rate", tag, "user", request.actor.id), keys.scoped("rate", tag, "workspace")];
  }

  /**
   * One command on one Redis. A Cluster keeps the stream and the buckets in other slots than the
   * conversation, so there the buckets come first and the entry follows the claim.
   */
  async function claimAndRecord(
    request: SessionRequest,
    turn: Turn,
    steering: SteeringPolicy | undefined,
  ): Promise<ClaimOutcome> {
    const key = turn.conversationKey;
    const steeringArgs: SteeringArgs = [request.actor.id, encodeSteeringPolicy(steering)];
    const requesterKey = sessionRequesterKey(keys, key);
    const claimKeys = [
      keys.delivery(key, request.deliveryId),
      keys.turn(key, turn.id),
      keys.inbox(key),
    ] as const;
    const claimArgs: ClaimArgs = [
      turn.id,
      JSON.stringify(turn),
      retention.deliveryMs,
      retention.turnMs,
      key,
      limits.maxQueuedPerConversation,
    ];
    if (!redis.isCluster) {
      return scripts.batonIntake(
        [...claimKeys, keys.intakeStream, ...bucketKeys(request), requesterKey],
        [...claimArgs, ...bucketArgs, ...steeringArgs],
      );
    }
    const [refusal, retryAfterMs] = await scripts.batonIntakeTokens(bucketKeys(request), bucketArgs);
    const outcome = await scripts.batonIntakeClaim(
      [...claimKeys, requesterKey],
      [...claimArgs, refusal, retryAfterMs, ...steeringArgs],
    );
    await redis.xadd(keys.intakeStream, "*", "turn", turn.id, "conversation", key);
    return outcome;
  }

  return async function intake(given, options = {}) {
    // Bounded and validated before anything is stored: a turn the dispatcher or a worker could
    // not read back would hold its conversation's head.
    const { request, droppedChars } = boundRequest(given);
    if (droppedChars > 0) {
      logger.warn("queue.intake.truncated", { delivery_id: request.deliveryId, dropped_chars: droppedChars });
    }
    const conversationKey = options.queueKey ?? keyOfConversation(request.conversation);
    const turnId = request.id;
    const [claim, reason, retryAfterMs] = await claimAndRecord(
      request,
      { id: turnId, conversationKey, request },
      options.steering,
    );
    if (claim === "new") return { kind: "accepted", turnId };
    if (claim === "refused" && reason) {
      logger.info("queue.intake.refused", { turn_id: turnId, reason, retry_after_ms: retryAfterMs });
      return { kind: "refused", turnId, reason, retryAfterMs: Number(retryAfterMs ?? 0) };
    }
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

/** The policy as the intake script reads it: '' (not checked), 'requester', 'channel', or ',U1,U2,'. */
function encodeSteeringPolicy(policy: SteeringPolicy | undefined): string {
  if (policy === undefined) return "";
  return Array.isArray(policy) ? `,${policy.join(",")},` : policy;
}
