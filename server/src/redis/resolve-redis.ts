import { closeRedisConnection, type Logger } from "@baton/core";
import { Redis, type RedisOptions } from "ioredis";
import { createClusterClient, describeClusterNodes } from "./create-cluster-client.js";
import { startEmbeddedRedis } from "./start-embedded-redis.js";

export const LOCAL_REDIS_URL = "redis://127.0.0.1:6379";

export interface ResolvedRedis {
  /** Opens a new connection (workers and subscribers need their own). */
  connect(options?: RedisOptions): Redis;
  describe: string;
  close(): Promise<void>;
}

/**
 * A Redis Cluster when REDIS_CLUSTER_NODES is set; else REDIS_URL when it is set; else the usual local Redis when one answers; else, when `embedded`
 * is allowed, a private redis-server that stops with Baton.
 */
export async function resolveRedis({
  redisUrl,
  clusterNodes,
  embedded,
  dataDir,
  logger,
}: {
  redisUrl: string | undefined;
  /** REDIS_CLUSTER_NODES (see parseClusterNodes). */
  clusterNodes?: string;
  embedded: boolean;
  dataDir: string;
  logger: Logger;
}): Promise<ResolvedRedis> {
  const connections: Redis[] = [];
  const track = (connection: Redis) => {
    connections.push(connection);
    // ioredis reconnects by itself; say so once per outage, not once per attempt.
    let reported = false;
    connection.on("error", (error: Error) => {
      if (reported) return;
      reported = true;
      logger.warn("server.redis.unreachable", { error: error.message });
    });
    connection.on("ready", () => {
      if (reported) logger.info("server.redis.reconnected", {});
      reported = false;
    });
    return connection;
  };
  const closeAll = () => Promise.all(connections.map(closeRedisConnection));
  const base: RedisOptions = { maxRetriesPerRequest: null };

  if (clusterNodes) {
    return {
      connect: (options) => track(createClusterClient(clusterNodes, { ...base, ...options })),
      describe: describeClusterNodes(clusterNodes),
      close: async () => void (await closeAll()),
    };
  }

  if (redisUrl || !embedded || (await answers(LOCAL_REDIS_URL))) {
    const url = redisUrl ?? LOCAL_REDIS_URL;
    return {
      connect: (options) => track(new Redis(url, { ...base, ...options })),
      describe: redactUrl(url),
      close: async () => void (await closeAll()),
    };
  }
  const server = await startEmbeddedRedis({ dataDir, logger });
  const path = server.url.replace("redis+socket://", "");
  return {
    connect: (options) => track(new Redis({ ...base, ...options, path })),
    describe: `embedded (${path})`,
    close: async () => {
      await closeAll();
      await server.stop();
    },
  };
}

async function answers(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 500,
  });
  probe.on("error", () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/**
 * A URL as it may be logged: without its credentials, wherever they are (ioredis also reads a
 * `password` or `username` from the query string).
 */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    for (const name of ["password", "username"])
      if (parsed.searchParams.has(name)) parsed.searchParams.set(name, "***");
    return parsed.toString();
  } catch {
    return "(unparseable REDIS_URL)";
  }
}
