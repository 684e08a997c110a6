import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRedisKeys } from "../../src/store/redis-keys.js";
import { createReplyLedger } from "../../src/store/reply-ledger.js";

describe("the reply ledger's claimThenSet", () => {
  let testRedis: TestRedis;
  beforeEach(async () => {
    testRedis = await createTestRedis("ledger-claim-then-set");
  });
  afterEach(() => testRedis.cleanup());

  it("records the second field only for the caller that claimed the first, and keeps the ledger's lifetime", async () => {
    const keys = createRedisKeys(testRedis.prefix);
    const ledger = () => createReplyLedger({ redis: testRedis.redis, keys });
    const claim = { field: "working.claimed", value: "1" };
    expect(await ledger().claimThenSet("t_1", claim, { field: "working.posting", value: "first" })).toBe(
      true,
    );
    expect(await ledger().claimThenSet("t_1", claim, { field: "working.posting", value: "second" })).toBe(
      false,
    );
    expect(await ledger().getMany("t_1", ["working.claimed", "working.posting"])).toEqual(["1", "first"]);
    expect(await testRedis.redis.pttl(keys.reply("t_1"))).toBeGreaterThan(0);
  });
});
