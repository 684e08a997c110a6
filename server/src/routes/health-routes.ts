import { type HttpRoute, sendJson } from "@baton/core";
import type { Redis } from "ioredis";

export const READINESS_TIMEOUT_MS = 1_000;

/** `/healthz`: the process answers. `/readyz`: and its Redis does, within a second. */
export function createHealthRoutes({ redis }: { redis: Redis }): HttpRoute[] {
  return [
    { method: "GET", path: "/healthz", handle: (_req, res) => sendJson(res, 200, { status: "ok" }) },
    {
      method: "GET",
      path: "/readyz",
      async handle(_req, res) {
        const ready = await isRedisReady(redis);
        sendJson(res, ready ? 200 : 503, { status: ready ? "ready" : "redis_unreachable" });
      },
    },
  ];
}

/** Whether Redis answers a PING within `READINESS_TIMEOUT_MS`. */
export function isRedisReady(redis: Redis): Promise<boolean> {
  return Promise.race([
    redis.ping().then(
      (pong) => pong === "PONG",
      () => false,
    ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), READINESS_TIMEOUT_MS).unref()),
  ]);
}
