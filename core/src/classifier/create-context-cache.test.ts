import { describe, expect, it } from "vitest";
import { createContextCache } from "./create-context-cache.js";

describe("createContextCache", () => {
  it("shares one load among concurrent callers and keeps it for the TTL", async () => {
    let clock = 0;
    let loads = 0;
    const cache = createContextCache<string>({ ttlMs: 1_000, maxEntries: 10, now: () => clock });
    const load = async () => `v${++loads}`;
    expect(await Promise.all([cache.get("C1", load), cache.get("C1", load)])).toEqual(["v1", "v1"]);
    clock = 999;
    expect(await cache.get("C1", load)).toBe("v1");
    clock = 1_000;
    expect(await cache.get("C1", load)).toBe("v2");
  });

  it("does not keep failures, and drops the oldest key past maxEntries", async () => {
    const cache = createContextCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    await expect(cache.get("C1", () => Promise.reject(new Error("ratelimited")))).rejects.toThrow(
      "ratelimited",
    );
    expect(await cache.get("C1", async () => "again")).toBe("again");
    await cache.get("C2", async () => "two");
    await cache.get("C3", async () => "three");
    expect(await cache.get("C1", async () => "reloaded")).toBe("reloaded");
    expect(await cache.get("C3", async () => "not reloaded")).toBe("three");
  });
});
