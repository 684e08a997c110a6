import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BatonError, silentLogger } from "@baton/core";
import { Redis } from "ioredis";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REDIS_MISSING_MESSAGE, startEmbeddedRedis } from "./start-embedded-redis.js";

describe("the embedded Redis of `baton start`", () => {
  let dataDir: string;
  const path = process.env.PATH;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "baton-embedded-"));
  });
  afterEach(async () => {
    process.env.PATH = path;
    await rm(dataDir, { recursive: true, force: true });
  });

  it("starts a private redis-server with AOF under the data dir, and stops it", async () => {
    const embedded = await startEmbeddedRedis({ dataDir, logger: silentLogger });
    const socket = embedded.url.replace("redis+socket://", "");
    const client = new Redis({ path: socket });
    await client.set("k", "v");
    expect(await client.config("GET", "appendonly")).toEqual(["appendonly", "yes"]);
    expect(await client.get("k")).toBe("v");
    client.disconnect();
    await embedded.stop();
    expect(existsSync(join(dataDir, "redis"))).toBe(true);
    const probe = new Redis({
      path: socket,
      lazyConnect: true,
      retryStrategy: () => null,
      maxRetriesPerRequest: 0,
    });
    probe.on("error", () => {});
    await expect(probe.connect()).rejects.toThrow();
  });

  it("without a redis-server binary, fails with one line that says how to get one", async () => {
    process.env.PATH = dataDir;
    const failure = await startEmbeddedRedis({ dataDir, logger: silentLogger }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(BatonError);
    expect((failure as BatonError).message).toBe(REDIS_MISSING_MESSAGE);
    expect(REDIS_MISSING_MESSAGE).toContain("REDIS_URL");
    expect(REDIS_MISSING_MESSAGE).not.toContain("\n");
  });
});
