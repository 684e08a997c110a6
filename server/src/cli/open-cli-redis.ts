import type { CliIo } from "@baton/core";
import { closeRedisConnection, errorMessage } from "@baton/core";
import { Redis } from "ioredis";
import type { Config } from "../config/load-config.js";
import { createClusterClient } from "../redis/create-cluster-client.js";
import { LOCAL_REDIS_URL } from "../redis/resolve-redis.js";

/**
 * A CLI command's connection to the running Baton's Redis (REDIS_URL or REDIS_CLUSTER_NODES):
 * one try, no retries, so that a Redis that is away fails the command at once with a line that
 * says so. Null when it cannot connect (the line is printed); `close` it when done.
 */
export async function openCliRedis(
  config: Config,
  command: string,
  io: CliIo,
): Promise<{ redis: Redis; close(): Promise<void> } | null> {
  const options = { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null };
  const redis = config.REDIS_CLUSTER_NODES
    ? createClusterClient(config.REDIS_CLUSTER_NODES, options)
    : new Redis(config.REDIS_URL ?? LOCAL_REDIS_URL, options);
  redis.on("error", () => {});
  const close = () => closeRedisConnection(redis);
  try {
    await redis.connect();
  } catch (error) {
    io.stderr(
      `${command}: cannot reach Redis (${errorMessage(error)}). Check REDIS_URL and that Redis is running.`,
    );
    await close();
    return null;
  }
  return { redis, close };
}
