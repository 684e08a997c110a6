import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { BatonError, DATA_DIR_MODE, type Logger } from "@baton/core";

export const EMBEDDED_REDIS_START_TIMEOUT_MS = 10_000;

export interface EmbeddedRedis {
  /** An ioredis-compatible URL for the private Unix socket. */
  url: string;
  stop(): Promise<void>;
}

export const REDIS_MISSING_MESSAGE =
  "No Redis is reachable and there is no redis-server to start one: install Redis (Debian/Ubuntu: `sudo apt-get install redis-server`, macOS: `brew install redis`) or set REDIS_URL=redis://host:6379.";

/**
 * Starts a private redis-server for `baton start` when nothing else is configured: data under
 * `<dataDir>/redis` with AOF on (so a restart keeps sessions), listening on a Unix socket only,
 * so it never collides with another Redis or exposes itself on the network.
 */
export async function startEmbeddedRedis({
  dataDir,
  logger,
}: {
  dataDir: string;
  logger: Logger;
}): Promise<EmbeddedRedis> {
  if (spawnSync("redis-server", ["--version"], { stdio: "ignore" }).error) {
    throw new BatonError("redis_unavailable", REDIS_MISSING_MESSAGE);
  }
  const dir = resolve(dataDir, "redis");
  // Redis' data (every turn's prompt) is the operator's alone.
  mkdirSync(dir, { recursive: true, mode: DATA_DIR_MODE });
  const socket = resolve(dir, "redis.sock");
  const child = spawn(
    "redis-server",
    [
      "--port",
      "0",
      "--unixsocket",
      socket,
      "--unixsocketperm",
      "700",
      "--dir",
      dir,
      "--appendonly",
      "yes",
      "--save",
      "",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  await waitForSocket(child, socket);
  logger.info("server.redis.embedded_started", { data_dir: dir, pid: child.pid });
  return {
    url: `redis+socket://${socket}`,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once("exit", () => done());
        child.kill("SIGTERM");
      }),
  };
}

async function waitForSocket(child: ChildProcess, socket: string): Promise<void> {
  const { Redis } = await import("ioredis");
  const deadline = Date.now() + EMBEDDED_REDIS_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new BatonError("redis_unavailable", `redis-server exited with code ${child.exitCode}`);
    const probe = new Redis({
      path: socket,
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    // Refused connections are expected until the server is up; connect() reports them.
    probe.on("error", () => {});
    try {
      await probe.connect();
      await probe.ping();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      probe.disconnect();
    }
  }
  child.kill("SIGKILL");
  throw new BatonError(
    "redis_unavailable",
    `redis-server did not start within ${EMBEDDED_REDIS_START_TIMEOUT_MS} ms`,
  );
}
