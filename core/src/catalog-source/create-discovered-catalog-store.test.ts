import { createRedisKeys, silentLogger } from "@baton/core";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDiscoveredCatalogStore } from "./create-discovered-catalog-store.js";
import type { DiscoveredRepository } from "./discovered-repository.js";

const listed = (repo: string): DiscoveredRepository => ({
  repo,
  description: `${repo} things`,
  topics: [],
  languages: [],
  archived: false,
  source: "github installation 7",
  seenAt: "2026-01-01T00:00:00.000Z",
});

describe("createDiscoveredCatalogStore", () => {
  let testRedis: TestRedis;
  beforeEach(async () => {
    testRedis = await createTestRedis("discovered-catalog");
  });
  afterEach(() => testRedis.cleanup());

  it("keeps each listing apart, bumps the version on every change, and reads everything back", async () => {
    const store = createDiscoveredCatalogStore({
      redis: testRedis.redis,
      keys: createRedisKeys(testRedis.prefix),
      logger: silentLogger,
    });
    expect(await store.version()).toBe("0");
    await store.replaceListing("github:7", [listed("acme/a"), listed("acme/b")]);
    await store.addToListing("github:8", [listed("acme/c")]);
    await store.removeFromListing("github:7", ["acme/A"]);
    const v3 = await store.version();
    expect(v3).toBe("3");
    await store.putProfile({
      repo: "acme/b",
      terms: ["x"],
      summary: "",
      sources: [],
      builtAt: "2026-01-01T00:00:00.000Z",
    });
    expect(await store.version()).not.toBe(v3);
    const snapshot = await store.read();
    expect(snapshot.repositories.map((r) => r.repo).sort()).toEqual(["acme/b", "acme/c"]);
    expect(snapshot.profiles.map((p) => p.repo)).toEqual(["acme/b"]);
    expect((await store.profileOf("ACME/B"))?.terms).toEqual(["x"]);
    await store.replaceListing("github:7", [listed("acme/d")]);
    await store.removeListing("github:8");
    expect((await store.read()).repositories.map((r) => r.repo)).toEqual(["acme/d"]);
    expect(await store.listings()).toEqual(["github:7"]);
  });

  it("forgets a repository's profile once it leaves its listing, however it leaves", async () => {
    const store = createDiscoveredCatalogStore({
      redis: testRedis.redis,
      keys: createRedisKeys(testRedis.prefix),
      logger: silentLogger,
    });
    const profile = (repo: string) => ({
      repo,
      terms: [repo],
      summary: "",
      sources: [],
      builtAt: "2026-01-01T00:00:00.000Z",
    });
    await store.replaceListing("github:7", [listed("acme/a"), listed("acme/b"), listed("acme/c")]);
    await store.replaceListing("github:8", [listed("acme/d")]);
    for (const repo of ["acme/a", "acme/b", "acme/c", "acme/d"]) await store.putProfile(profile(repo));
    const profiled = async () => (await store.read()).profiles.map((p) => p.repo).sort();

    await store.removeFromListing("github:7", ["ACME/A"]); // removed from the installation
    expect(await profiled()).toEqual(["acme/b", "acme/c", "acme/d"]);
    await store.replaceListing("github:7", [listed("acme/c"), listed("acme/e")]); // gone at a full refresh
    expect(await profiled()).toEqual(["acme/c", "acme/d"]);
    expect(await store.profileOf("acme/b")).toBeUndefined();
    await store.removeListing("github:8"); // the App uninstalled
    expect(await profiled()).toEqual(["acme/c"]);
    expect((await store.read()).repositories.map((r) => r.repo).sort()).toEqual(["acme/c", "acme/e"]);
  });

  it("drops an entry that no longer parses instead of failing the read", async () => {
    const keys = createRedisKeys(testRedis.prefix);
    const store = createDiscoveredCatalogStore({ redis: testRedis.redis, keys, logger: silentLogger });
    await store.replaceListing("github:7", [listed("acme/a")]);
    await testRedis.redis.hset(keys.scoped("{catalog}", "listing", "github:7"), "acme/bad", "{not json");
    expect((await store.read()).repositories.map((r) => r.repo)).toEqual(["acme/a"]);
  });
});
