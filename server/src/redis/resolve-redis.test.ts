import { createHook } from "node:async_hooks";
import { silentLogger } from "@baton/core";
import { describe, expect, inject, it } from "vitest";
import { redactUrl, resolveRedis } from "./resolve-redis.js";

/** A timer as Node keeps it: `_destroyed` once it has fired or was cleared. */
type NodeTimer = { hasRef(): boolean; _destroyed: boolean };

/** Runs `fn` and returns the timers it started that still hold the process open once it is done. */
async function timersLeftOpenBy(fn: () => Promise<void>): Promise<number> {
  const timers: NodeTimer[] = [];
  const hook = createHook({
    init(_id, type, _trigger, resource) {
      if (type === "Timeout") timers.push(resource as NodeTimer);
    },
  });
  hook.enable();
  try {
    await fn();
  } finally {
    hook.disable();
  }
  return timers.filter((timer) => timer.hasRef() && !timer._destroyed).length;
}

describe("Baton's Redis connections", () => {
  it("close without leaving a timer that keeps a stopped Baton alive, one closed by its owner included", async () => {
    const redis = await resolveRedis({
      redisUrl: process.env.REDIS_URL ?? inject("redisUrl"),
      embedded: false,
      dataDir: "/nonexistent",
      logger: silentLogger,
    });
    const main = redis.connect();
    const blocking = redis.connect();
    await Promise.all([main.ping(), blocking.ping()]);
    // As the dispatcher ends its blocking read at shutdown, before the connections close.
    const ended = new Promise((resolve) => blocking.once("end", resolve));
    blocking.disconnect();
    await ended;
    const mainEnded = new Promise((resolve) => main.once("end", resolve));
    expect(
      await timersLeftOpenBy(async () => {
        await redis.close();
        await mainEnded;
      }),
    ).toBe(0);
    expect([main.status, blocking.status]).toEqual(["end", "end"]);
  });
});

describe("a Redis URL as logged", () => {
  it("keeps no password, in the URL's credentials or its query string (ioredis reads both)", () => {
    expect(redactUrl("redis://app:hunter2-redis-secret@redis.internal:6379/0")).toBe(
      "redis://app:***@redis.internal:6379/0",
    );
    const logged = redactUrl("redis://redis.internal:6379/0?password=hunter2-redis-secret&db=0");
    expect(logged).not.toContain("hunter2-redis-secret");
    expect(logged).toContain("db=0");
  });
});
