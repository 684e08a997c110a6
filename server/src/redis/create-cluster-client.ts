import { Cluster, type Redis, type RedisOptions } from "ioredis";
import { parseClusterNodes } from "./parse-cluster-nodes.js";

/**
 * A client of the Redis Cluster that REDIS_CLUSTER_NODES names, typed as the one Redis client
 * Baton's stores and queue take: a Cluster client answers the same commands, and every script and
 * transaction Baton sends stays within one hash slot (docs/operations.md).
 */
export function createClusterClient(
  clusterNodes: string,
  options: RedisOptions & { lazyConnect?: boolean } = {},
): Redis {
  const { nodes, username, password, tls } = parseClusterNodes(clusterNodes);
  // Auto-pipelining is the cluster client's to do: it groups commands by node.
  const { lazyConnect, enableAutoPipelining, ...redisOptions } = options;
  return new Cluster(nodes, {
    lazyConnect,
    enableAutoPipelining,
    redisOptions: { ...redisOptions, username, password, ...(tls ? { tls: {} } : {}) },
  }) as unknown as Redis;
}

/** The seed nodes as they may be logged: without credentials. */
export function describeClusterNodes(clusterNodes: string): string {
  const { nodes } = parseClusterNodes(clusterNodes);
  return `cluster (${nodes.map((node) => `${node.host}:${node.port}`).join(", ")})`;
}
