import type { LearnedRoutingStore } from "@baton/core";
import {
  createConversationContextStore,
  createConversationOwnerStore,
  createLearnedRoutingStore,
  createRedisKeys,
  createReplyLedger,
  createSessionStore,
  createTranscriptStore,
  type Logger,
  type PlatformPolicies,
  type RedisKeys,
  type Retention,
  retentionFor,
} from "@baton/core";
import {
  createSessionQueue,
  type IntakeLimits,
  type QueueNames,
  queueNames,
  type SessionQueue,
} from "@baton/queue";
import type { Redis } from "ioredis";
import { intakeLimitsFromConfig } from "../config/intake-limits-from-config.js";
import type { Config } from "../config/load-config.js";
import type { BatonMode } from "../start-baton.js";
import { coalesceWrites } from "./coalesce-writes.js";
import { type AckPath, createAckPath, REQUEST_REDIS_RETRIES } from "./create-ack-path.js";
import { type ResolvedRedis, resolveRedis } from "./resolve-redis.js";

/** Baton's state in Redis: the connections, the queue and every store, opened once per process. */
export interface BatonState {
  redis: ResolvedRedis;
  /** Fails fast while Redis is away; BullMQ's queue and the bots' caches use it. */
  main: Redis;
  /** Baton's own small commands (ledger, sessions, transcripts, claims), their writes coalesced. */
  stores: Redis;
  keys: RedisKeys;
  names: QueueNames;
  limits: IntakeLimits;
  retention: Retention;
  queue: SessionQueue;
  /** The webhooks' own connection, where this process serves them. */
  ackPath: AckPath | null;
  ledger: ReturnType<typeof createReplyLedger>;
  sessions: ReturnType<typeof createSessionStore>;
  transcripts: ReturnType<typeof createTranscriptStore>;
  conversationContext: ReturnType<typeof createConversationContextStore>;
  conversationOwners: ReturnType<typeof createConversationOwnerStore>;
  /** What routing learned of each place (docs/classifier.md). */
  learnedRouting: LearnedRoutingStore;
}

/** Connects Redis (an embedded one in `all` mode when none answers) and opens Baton's state on it. */
export async function openBatonState({
  config,
  mode,
  logger,
  log,
  platforms,
}: {
  config: Config;
  mode: BatonMode;
  logger: Logger;
  /** The platforms' policies: which of their conversations join another conversation's queue. */
  platforms: PlatformPolicies;
  /** The server's own log, for where Redis was found. */
  log: Logger;
}): Promise<BatonState> {
  const redis = await resolveRedis({
    redisUrl: config.REDIS_URL,
    clusterNodes: config.REDIS_CLUSTER_NODES,
    embedded: mode === "all",
    dataDir: config.BATON_DATA_DIR,
    logger: log,
  });
  // Requests fail fast while Redis is away (the platform retries on a 5xx); only the workers'
  // blocking connections wait for it indefinitely. Its writes are coalesced, as the stores' are:
  // the commands issued in one turn of the event loop leave in one write. On a busy worker the
  // write system call each command made cost more than the command.
  const main = redis.connect({ maxRetriesPerRequest: REQUEST_REDIS_RETRIES });
  coalesceWrites(main);
  // Baton's own small commands (the ledger, sessions, transcripts, final-reply claims, shares,
  // the dispatcher's and the watchdog's): a turn makes a few dozen, and dozens of turns run at
  // once. A connection of their own, beside the queue's.
  const stores = redis.connect({ maxRetriesPerRequest: REQUEST_REDIS_RETRIES });
  coalesceWrites(stores);
  const keys = createRedisKeys(config.BATON_REDIS_PREFIX);
  const names = queueNames(config.BATON_REDIS_PREFIX);
  const limits = intakeLimitsFromConfig(config);
  // One retention for every store: nothing Baton keeps about a conversation outlives it.
  const retention = retentionFor(config.BATON_RETENTION);
  const storeOptions = { redis: stores, keys, retention };
  return {
    redis,
    main,
    stores,
    keys,
    names,
    limits,
    retention,
    queue: createSessionQueue({ connection: main, keys, names, logger, limits, retention }),
    ackPath: createAckPath({ mode, redis, keys, logger, limits, retention, platforms }),
    ledger: createReplyLedger(storeOptions),
    sessions: createSessionStore(storeOptions),
    transcripts: createTranscriptStore(storeOptions),
    conversationContext: createConversationContextStore(storeOptions),
    conversationOwners: createConversationOwnerStore(storeOptions),
    learnedRouting: createLearnedRoutingStore(storeOptions),
  };
}
