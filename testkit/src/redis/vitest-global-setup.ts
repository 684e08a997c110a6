import type { TestProject } from "vitest/node";
import { answersPing, startPrivateRedis } from "./start-private-redis.js";

// Every Redis test needs a real server. Use REDIS_URL, else the usual local one, else start a
// private, memory-only redis-server for this run and stop it afterwards.
const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";

declare module "vitest" {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const configured = process.env.REDIS_URL;
  if (configured || (await answersPing(DEFAULT_REDIS_URL))) {
    project.provide("redisUrl", configured ?? DEFAULT_REDIS_URL);
    return async () => {};
  }
  const redis = await startPrivateRedis();
  project.provide("redisUrl", redis.url);
  return () => redis.stop();
}
