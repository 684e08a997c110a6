import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { actOncePerDelivery, createDeliveryClaims } from "../../src/delivery/claim-delivery.js";
import { createRedisKeys } from "../../src/store/redis-keys.js";

describe("actOncePerDelivery", () => {
  let testRedis: TestRedis;
  beforeEach(async () => {
    testRedis = await createTestRedis("act-once");
  });
  afterEach(() => testRedis.cleanup());

  const claims = () =>
    createDeliveryClaims({ redis: testRedis.redis, keys: createRedisKeys(testRedis.prefix) });

  it("acts for a delivery's first arrival only; its replays are told apart", async () => {
    const claim = claims();
    const acts: string[] = [];
    const act = async () => {
      acts.push("stopped");
      return "stopped";
    };
    expect(await actOncePerDelivery(claim, "linear", "d-1", act)).toEqual({
      kind: "acted",
      value: "stopped",
    });
    expect(await actOncePerDelivery(claim, "linear", "d-1", act)).toEqual({ kind: "replayed" });
    // Another process sharing the Redis sees the same claim.
    expect(await actOncePerDelivery(claims(), "linear", "d-1", act)).toEqual({ kind: "replayed" });
    expect(await actOncePerDelivery(claim, "slack", "d-1", act)).toEqual({ kind: "acted", value: "stopped" });
    expect(acts).toHaveLength(2);
  });

  it("lets the platform's retry act when the first attempt failed", async () => {
    const claim = claims();
    const failing = async () => {
      throw new Error("Redis went away mid-stop");
    };
    await expect(actOncePerDelivery(claim, "linear", "d-2", failing)).rejects.toThrow("Redis went away");
    expect(await actOncePerDelivery(claim, "linear", "d-2", async () => "stopped")).toEqual({
      kind: "acted",
      value: "stopped",
    });
    expect(await actOncePerDelivery(claim, "linear", "d-2", async () => "again")).toEqual({
      kind: "replayed",
    });
  });
});
