import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { answersPing, RedisServerStartError, startRedisServer } from "./start-redis-server.js";

describe("startRedisServer", () => {
  let dir: string;
  const path = process.env.PATH;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "baton-redis-server-"));
  });
  afterEach(async () => {
    process.env.PATH = path;
    await rm(dir, { recursive: true, force: true });
  });

  it("starts a memory-only server on a free loopback port, and stops it", async () => {
    const server = await startRedisServer();
    expect(server.url).toBe(`redis://127.0.0.1:${server.port}`);
    const client = new Redis(server.url);
    expect(await client.config("GET", "appendonly")).toEqual(["appendonly", "no"]);
    expect(await client.config("GET", "save")).toEqual(["save", ""]);
    client.disconnect();
    await server.stop();
    expect(await answersPing(server.url)).toBe(false);
  });

  it("keeps every write on disk with appendOnly 'always', and starts again on the same port and files", async () => {
    const first = await startRedisServer({ dir, appendOnly: "always" });
    const client = new Redis(first.url, { lazyConnect: true, retryStrategy: () => null });
    client.on("error", () => {});
    await client.connect();
    expect(await client.config("GET", "appendfsync")).toEqual(["appendfsync", "always"]);
    await client.set("kept", "yes");
    client.disconnect();
    await first.kill();
    expect(await readdir(dir)).not.toHaveLength(0);
    const again = await startRedisServer({ port: first.port ?? 0, dir, appendOnly: "always" });
    const reader = new Redis(again.url);
    expect(await reader.get("kept")).toBe("yes");
    reader.disconnect();
    await again.stop();
  });

  it("listens on a Unix socket alone when given one", async () => {
    const socket = join(dir, "redis.sock");
    const server = await startRedisServer({ unixSocket: socket });
    expect(server).toMatchObject({ url: `redis+socket://${socket}`, port: null });
    expect(await answersPing({ path: socket })).toBe(true);
    await server.stop();
    expect(await answersPing({ path: socket })).toBe(false);
  });

  it("says so when there is no redis-server on PATH", async () => {
    process.env.PATH = dir;
    const failure = await startRedisServer().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RedisServerStartError);
    expect(failure).toMatchObject({ reason: "missing" });
  });

  it("says so when redis-server exits at once (an argument it does not know)", async () => {
    const failure = await startRedisServer({ extraArgs: ["--no-such-option", "1"] }).catch(
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ reason: "exited" });
  });
});
