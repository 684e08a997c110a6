import {
  type CatalogSnapshot,
  createDiscoveredCatalogStore,
  createLearnedRoutingStore,
  createRedisKeys,
  errorMessage,
  type LearnedPlace,
  silentLogger,
} from "@baton/core";
import { Redis } from "ioredis";
import type { Config } from "../config/load-config.js";
import { createClusterClient } from "../redis/create-cluster-client.js";
import { LOCAL_REDIS_URL } from "../redis/resolve-redis.js";

export type DiscoveredCatalogRead =
  | { ok: true; snapshot: CatalogSnapshot; learned: LearnedPlace[] }
  | { ok: false; snapshot: CatalogSnapshot; learned: LearnedPlace[]; problem: string };

const NOTHING_DISCOVERED: CatalogSnapshot = { version: "0", repositories: [], profiles: [] };

/**
 * What the running Baton discovered (the GitHub App's repositories and their profiles) and what
 * its routing learned of each place, read from
 * its Redis (REDIS_URL or REDIS_CLUSTER_NODES, BATON_REDIS_PREFIX) for a CLI command; nothing, and
 * why, when Redis is not reachable: a command about the catalog still works from the file.
 */
export async function readDiscoveredCatalog(config: Config): Promise<DiscoveredCatalogRead> {
  const options = { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null };
  const redis = config.REDIS_CLUSTER_NODES
    ? createClusterClient(config.REDIS_CLUSTER_NODES, options)
    : new Redis(config.REDIS_URL ?? LOCAL_REDIS_URL, options);
  redis.on("error", () => {});
  try {
    await redis.connect();
    const keys = createRedisKeys(config.BATON_REDIS_PREFIX);
    const store = createDiscoveredCatalogStore({ redis, keys, logger: silentLogger });
    const learned = await createLearnedRoutingStore({ redis, keys }).list();
    return { ok: true, snapshot: await store.read(), learned };
  } catch (error) {
    return { ok: false, snapshot: NOTHING_DISCOVERED, learned: [], problem: errorMessage(error) };
  } finally {
    redis.disconnect();
  }
}
