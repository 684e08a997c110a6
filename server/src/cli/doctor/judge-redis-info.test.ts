import { describe, expect, it } from "vitest";
import { judgeRedisInfo, parseRedisInfo } from "./judge-redis-info.js";

function info(fields: Record<string, string>): string {
  return ["# Server", ...Object.entries(fields).map(([key, value]) => `${key}:${value}`), ""].join("\r\n");
}

const HEALTHY = { redis_version: "7.2.4", aof_enabled: "1", maxmemory_policy: "noeviction" };

describe("judgeRedisInfo", () => {
  it("reads INFO's key:value lines and skips section headers", () => {
    expect(parseRedisInfo("# Server\r\nredis_version:7.2.4\r\nos:Linux x:y\r\n")).toEqual(
      new Map([
        ["redis_version", "7.2.4"],
        ["os", "Linux x:y"],
      ]),
    );
  });

  it("is content with a recent Redis, AOF and noeviction", () => {
    expect(judgeRedisInfo({ info: info(HEALTHY), saveRules: "", production: true })).toEqual([
      { kind: "ok", text: "answers: Redis 7.2.4" },
      { kind: "ok", text: "persistence: AOF" },
      { kind: "ok", text: "maxmemory-policy: noeviction" },
    ]);
  });

  it("refuses a Redis older than BullMQ's minimum and warns below its recommendation", () => {
    const [old] = judgeRedisInfo({
      info: info({ ...HEALTHY, redis_version: "4.0.14" }),
      saveRules: "",
      production: false,
    });
    expect(old).toMatchObject({ kind: "problem", text: expect.stringContaining("older than 5.0.0") });
    const [dated] = judgeRedisInfo({
      info: info({ ...HEALTHY, redis_version: "6.0.16" }),
      saveRules: "",
      production: false,
    });
    expect(dated).toMatchObject({ kind: "warning", text: expect.stringContaining("recommends 6.2.0") });
    const [newer] = judgeRedisInfo({
      info: info({ ...HEALTHY, redis_version: "10.0.0" }),
      saveRules: "",
      production: false,
    });
    expect(newer?.kind).toBe("ok");
  });

  it("accepts RDB snapshots, warns without persistence, and refuses none in production", () => {
    const noAof = info({ ...HEALTHY, aof_enabled: "0" });
    expect(judgeRedisInfo({ info: noAof, saveRules: "3600 1 300 100", production: true })[1]).toMatchObject({
      kind: "ok",
      text: expect.stringContaining("RDB snapshots (save 3600 1 300 100)"),
    });
    expect(judgeRedisInfo({ info: noAof, saveRules: "", production: false })[1]).toMatchObject({
      kind: "warning",
      fix: expect.stringContaining("CONFIG SET appendonly yes"),
    });
    expect(judgeRedisInfo({ info: noAof, saveRules: "", production: true })[1]?.kind).toBe("problem");
    expect(judgeRedisInfo({ info: noAof, saveRules: undefined, production: true })[1]).toMatchObject({
      kind: "warning",
      text: expect.stringContaining("does not say"),
    });
  });

  it("says BullMQ needs noeviction when Redis may evict keys", () => {
    const [, , eviction] = judgeRedisInfo({
      info: info({ ...HEALTHY, maxmemory_policy: "allkeys-lru" }),
      saveRules: "",
      production: false,
    });
    expect(eviction).toMatchObject({
      kind: "problem",
      text: expect.stringContaining("maxmemory-policy is allkeys-lru: BullMQ needs noeviction"),
      fix: expect.stringContaining("CONFIG SET maxmemory-policy noeviction"),
    });
  });
});
