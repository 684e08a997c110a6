import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { Cluster, Redis } from "ioredis";
import { getFreePort } from "../net/free-port.js";
import { type RedisServer, startRedisServer } from "./start-redis-server.js";

const run = promisify(execFile);
/** How long the nodes may take to start and agree that every slot is served. */
const CLUSTER_READY_TIMEOUT_MS = 20_000;
const POLL_MS = 100;

export interface RedisClusterOnLoopback {
  /** `host:port,…` of every master, as REDIS_CLUSTER_NODES takes them. */
  nodes: string;
  ports: number[];
  /** A client of the cluster (`maxRetriesPerRequest: null`), for checks from the test. */
  connect(): Cluster;
  /** Stops every node and removes their files. */
  stop(): Promise<void>;
}

/**
 * A throwaway Redis Cluster of `masters` masters on loopback, made the way an operator would:
 * `redis-server --cluster-enabled yes` per node, then `redis-cli --cluster create`. Nothing is
 * persisted. The cluster bus ports are chosen free too (`--cluster-port`), rather than port+10000.
 */
export async function startRedisCluster({
  masters = 3,
}: {
  masters?: number;
} = {}): Promise<RedisClusterOnLoopback> {
  const dir = mkdtempSync(join(tmpdir(), "baton-cluster-"));
  const nodes: RedisServer[] = [];
  const clients: Array<Redis | Cluster> = [];
  const ports: number[] = [];
  const stop = async () => {
    await Promise.all(clients.map((client) => client.quit().catch(() => client.disconnect())));
    await Promise.all(nodes.map((node) => node.kill()));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < masters; i++) {
      const port = await getFreePort();
      const busPort = await getFreePort();
      ports.push(port);
      nodes.push(
        await startRedisServer({
          port,
          dir,
          extraArgs: [
            "--cluster-enabled",
            "yes",
            "--cluster-port",
            String(busPort),
            "--cluster-config-file",
            join(dir, `nodes-${port}.conf`),
            "--maxmemory-policy",
            "noeviction",
          ],
          startTimeoutMs: CLUSTER_READY_TIMEOUT_MS,
        }),
      );
    }
    await run("redis-cli", [
      "--cluster",
      "create",
      ...ports.map((port) => `127.0.0.1:${port}`),
      "--cluster-replicas",
      "0",
      "--cluster-yes",
    ]);
    for (const port of ports) await waitFor(() => clusterOk(port));
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    nodes: ports.map((port) => `127.0.0.1:${port}`).join(","),
    ports,
    connect() {
      const client = new Cluster(
        ports.map((port) => ({ host: "127.0.0.1", port })),
        { redisOptions: { maxRetriesPerRequest: null } },
      );
      clients.push(client);
      return client;
    },
    stop,
  };
}

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + CLUSTER_READY_TIMEOUT_MS;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error("The Redis Cluster did not become ready in time.");
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function withNode<T>(port: number, use: (node: Redis) => Promise<T>): Promise<T> {
  const node = new Redis({
    port,
    host: "127.0.0.1",
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  node.on("error", () => {});
  try {
    await node.connect();
    return await use(node);
  } finally {
    node.disconnect();
  }
}

const clusterOk = (port: number) =>
  withNode(port, async (node) => String(await node.cluster("INFO")).includes("cluster_state:ok"));
