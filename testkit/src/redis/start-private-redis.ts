import { startRedisServer } from "./start-redis-server.js";

export { answersPing } from "./start-redis-server.js";

export interface PrivateRedis {
  url: string;
  stop(): Promise<void>;
}

/**
 * A memory-only redis-server of its own on a free loopback port: for a run without a Redis, and
 * for tests that count the server's commands (`INFO commandstats`), which a shared one would blur.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const { url, stop } = await startRedisServer();
  return { url, stop };
}
