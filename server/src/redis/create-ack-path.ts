import {
  createQueueKeyResolver,
  createSessionStore,
  type Logger,
  type PlatformPolicies,
  type QueueKeyResolver,
  type RedisKeys,
  type Retention,
} from "@baton/core";
import { createIntake, type Intake, type IntakeLimits } from "@baton/queue";
import { coalesceWrites } from "./coalesce-writes.js";
import type { ResolvedRedis } from "./resolve-redis.js";

/** Requests fail fast while Redis is away (the platform retries on a 5xx). */
export const REQUEST_REDIS_RETRIES = 2;

export interface AckPathOptions {
  mode: "all" | "gateway" | "worker";
  redis: ResolvedRedis;
  keys: RedisKeys;
  logger: Logger;
  limits: IntakeLimits;
  retention: Retention;
  /** Which conversations are pull requests a session made (they join its queue). */
  platforms: PlatformPolicies;
}

/** What a webhook may ask of Redis before it is answered. */
export interface AckPath {
  intake: Intake;
  /** The linked-session lookup a pull request's comment makes before intake. */
  queueKeyOf: QueueKeyResolver;
}

/**
 * The Redis work that webhooks do before their answer, on a connection of its own whose writes
 * are coalesced (`coalesceWrites`): the commands of every request that arrives in one turn of the
 * event loop leave in one write, and Redis reads and answers them in one go. Under a burst that
 * halves Redis's CPU per delivery and saves a system call per command in the gateway; each
 * command still succeeds or fails on its own. A connection of the webhooks' own: on `main` they
 * would wait behind BullMQ's commands, on the stores' connection behind a share page reading a
 * large transcript. A worker serves no webhooks: it gets none (null).
 */
export function createAckPath({
  mode,
  redis,
  keys,
  logger,
  limits,
  retention,
  platforms,
}: AckPathOptions): AckPath | null {
  if (mode === "worker") return null;
  const connection = redis.connect({ maxRetriesPerRequest: REQUEST_REDIS_RETRIES });
  coalesceWrites(connection);
  return {
    intake: createIntake({
      redis: connection,
      keys,
      logger: logger.child({ component: "queue" }),
      limits,
      retention,
    }),
    queueKeyOf: createQueueKeyResolver(createSessionStore({ redis: connection, keys, retention }), platforms),
  };
}
