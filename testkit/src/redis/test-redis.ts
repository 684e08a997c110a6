import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { inject } from "vitest";

export interface TestRedis {
  /** The server's URL, for child processes. */
  url: string;
  /** A key prefix of this test's own; everything under it (and its `{prefix}` queue keys) is removed by `cleanup`. */
  prefix: string;
  /** A connection usable by BullMQ workers too (`maxRetriesPerRequest: null`). */
  redis: Redis;
  connect(): Redis;
  cleanup(): Promise<void>;
}

export { type PrivateRedis, startPrivateRedis } from "./start-private-redis.js";

/** A real Redis connection and a fresh key prefix for one test (on `url`, else the run's Redis). */
export async function createTestRedis(
  label = "t",
  url = process.env.REDIS_URL ?? inject("redisUrl"),
): Promise<TestRedis> {
  const prefix = `test-${label}-${randomBytes(6).toString("hex")}`;
  const connections: Redis[] = [];
  const connect = () => {
    const connection = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
    connections.push(connection);
    return connection;
  };
  const redis = connect();
  return {
    url,
    prefix,
    redis,
    connect,
    async cleanup() {
      for (const pattern of [`${prefix}:*`, `{${prefix}}:*`]) {
        let cursor = "0";
        do {
          const [next, keys] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 500);
          if (keys.length > 0) await redis.unlink(...keys);
          cursor = next;
        } while (cursor !== "0");
      }
      await Promise.all(connections.map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}
