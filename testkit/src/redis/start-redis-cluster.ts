import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { Cluster, Redis } from "ioredis";
import { getFreePort } from "../net/free-port.js";

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
  const processes: ChildProcess[] = [];
  const clients: Array<Redis | Cluster> = [];
  const ports: number[] = [];
  const stop = async () => {
    await Promise.all(clients.map((client) => client.quit().catch(() => client.disconnect())));
    await Promise.all(
      processes.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once("exit", () => resolve());
            child.kill("SIGKILL");
          }),
      ),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < masters; i++) {
      const port = await getFreePort();
      const busPort = await getFreePort();
      ports.push(port);
      const child = spawn(
        "redis-server",
        [
          "--port",
          String(port),
          "--bind",
          "127.0.0.1",
          "--cluster-enabled",
          "yes",
          "--cluster-port",
          String(busPort),
          "--cluster-config-file",
          join(dir, `nodes-${port}.conf`),
          "--dir",
          dir,
          "--save",
          "",
          "--appendonly",
          "no",
          "--maxmemory-policy",
          "noeviction",
        ],
        { stdio: "ignore" },
      );
      processes.push(child);
    }
    for (const port of ports) await waitFor(() => ping(port));
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
  const nodes = ports.map((port) => `127.0.0.1:${port}`).join(",");
  return {
    nodes,
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

const ping = (port: number) => withNode(port, async (node) => (await node.ping()) === "PONG");
const clusterOk = (port: number) =>
  withNode(port, async (node) => String(await node.cluster("INFO")).includes("cluster_state:ok"));
