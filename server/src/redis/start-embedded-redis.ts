import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { BatonError, DATA_DIR_MODE, type Logger } from "@baton/core";
import { RedisServerStartError, startRedisServer } from "@baton/testkit/redis-server";

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
 * so it never collides with another Redis or exposes itself on the network. The starter is the
 * one the tests and benchmarks use (testkit's, Node alone; server already depends on testkit).
 */
export async function startEmbeddedRedis({
  dataDir,
  logger,
}: {
  dataDir: string;
  logger: Logger;
}): Promise<EmbeddedRedis> {
  const dir = resolve(dataDir, "redis");
  // Redis' data (every turn's prompt) is the operator's alone.
  mkdirSync(dir, { recursive: true, mode: DATA_DIR_MODE });
  try {
    const server = await startRedisServer({
      unixSocket: resolve(dir, "redis.sock"),
      dir,
      appendOnly: true,
      startTimeoutMs: EMBEDDED_REDIS_START_TIMEOUT_MS,
    });
    logger.info("server.redis.embedded_started", { data_dir: dir, pid: server.pid });
    return { url: server.url, stop: server.stop };
  } catch (error) {
    if (!(error instanceof RedisServerStartError)) throw error;
    const message = error.reason === "missing" ? REDIS_MISSING_MESSAGE : error.message;
    throw new BatonError("redis_unavailable", message, undefined, false, { cause: error });
  }
}
