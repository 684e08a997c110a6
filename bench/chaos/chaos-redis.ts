import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getFreePort, type RedisServer, startRedisCluster, startRedisServer } from "@baton/testkit";
import { type Cluster, Redis } from "ioredis";

const REDIS_START_TIMEOUT_MS = 15_000;

/** The Redis a chaos run owns: a standalone server with AOF that can be restarted, or a Cluster. */
export interface ChaosRedis {
  /** What Baton's processes get: REDIS_URL or REDIS_CLUSTER_NODES. */
  env: Record<string, string>;
  describe: string;
  connect(): Redis | Cluster;
  /** Kills Redis (SIGKILL) and starts it again on the same port and files; null when this Redis cannot be. */
  restart: (() => Promise<void>) | null;
  stop(): Promise<void>;
}

/**
 * A redis-server of the run's own on a free loopback port, with AOF on and every write synced
 * before it is acknowledged (`appendfsync always`): a SIGKILL then loses nothing Baton was told
 * was stored, which is what the run checks Baton relies on. Never the Redis on 6379.
 */
export async function startAofRedis(): Promise<ChaosRedis> {
  const dir = mkdtempSync(join(tmpdir(), "baton-chaos-redis-"));
  const port = await getFreePort();
  const url = `redis://127.0.0.1:${port}`;
  const clients: Redis[] = [];
  const launch = () =>
    startRedisServer({
      port,
      dir,
      appendOnly: "always",
      extraArgs: ["--maxmemory-policy", "noeviction"],
      startTimeoutMs: REDIS_START_TIMEOUT_MS,
    });
  let server: RedisServer = await launch();

  return {
    env: { REDIS_URL: url },
    describe: `redis-server on ${url}, AOF (appendfsync always)`,
    connect() {
      const client = new Redis(url, { maxRetriesPerRequest: null });
      client.on("error", () => {});
      clients.push(client);
      return client;
    },
    async restart() {
      await server.kill();
      server = await launch();
    },
    async stop() {
      for (const client of clients) client.disconnect();
      await server.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Three masters on loopback. Not restarted: the testkit's nodes keep nothing on disk. */
export async function startChaosCluster(): Promise<ChaosRedis> {
  const cluster = await startRedisCluster({ masters: 3 });
  return {
    env: { REDIS_CLUSTER_NODES: cluster.nodes },
    describe: `Redis Cluster of 3 masters (${cluster.nodes})`,
    connect: () => cluster.connect(),
    restart: null,
    stop: () => cluster.stop(),
  };
}
