import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BudgetBucket, createRateBudget } from "../../src/budget/rate-budget.js";
import { createRedisKeys } from "../../src/store/redis-keys.js";

// One token every 20 ms, one at a time: thirty requests take about 0.6 s.
const BUCKET: BudgetBucket = {
  id: "slack:T1:reactions.add",
  name: "slack:reactions.add",
  platform: "slack",
  limit: { limit: 3_000, periodMs: 60_000, burst: 1 },
};
const WAITING = 30;

describe("requests a person waits on, many in one worker", () => {
  let testRedis: TestRedis;
  let sleeps = 0;
  beforeEach(async () => {
    testRedis = await createTestRedis("waiters-in-line");
    sleeps = 0;
  });
  afterEach(() => testRedis.cleanup());

  const budget = () =>
    createRateBudget({
      redis: testRedis.redis,
      keys: createRedisKeys(testRedis.prefix),
      // Every ask that is refused sleeps once: asks = grants + sleeps.
      sleep: (ms, signal) =>
        new Promise<void>((resolve, reject) => {
          sleeps += 1;
          const timer = setTimeout(resolve, ms);
          signal?.addEventListener("abort", () => {
            clearTimeout(timer);
            reject(signal.reason);
          });
        }),
    });

  it("ask Redis about once each, not each time a token comes, and are all served in the order they came", async () => {
    const rate = budget();
    const served: number[] = [];
    await Promise.all(
      Array.from({ length: WAITING }, (_, i) =>
        rate.take(BUCKET, { priority: "urgent" }).then(() => served.push(i)),
      ),
    );
    expect(served).toEqual(Array.from({ length: WAITING }, (_, i) => i));
    // Asked side by side, each of the thirty asked again at every token: hundreds of asks.
    expect(sleeps).toBeLessThan(2 * WAITING);
  });

  it("lets the next in line go when one gives up", async () => {
    const rate = budget();
    const order: string[] = [];
    await rate.take(BUCKET, { priority: "urgent" });
    const giveUp = new AbortController();
    const first = rate.take(BUCKET, { priority: "urgent" }).then(() => order.push("first"));
    const quitter = rate.take(BUCKET, { priority: "urgent" }, giveUp.signal).then(
      () => order.push("quitter"),
      () => order.push("quitter gave up"),
    );
    const second = rate.take(BUCKET, { priority: "urgent" }).then(() => order.push("second"));
    giveUp.abort(new Error("the turn ended"));
    await Promise.all([first, quitter, second]);
    expect(order).toEqual(["quitter gave up", "first", "second"]);
  });

  it("keeps a turn's end out of the line of the worker's urgent requests", async () => {
    // Ten at once, one every 100 ms; urgent requests leave one token to a turn's end.
    const reserved: BudgetBucket = {
      ...BUCKET,
      id: "slack:T1:chat.update",
      limit: { limit: 600, periodMs: 60_000, burst: 10 },
    };
    const rate = budget();
    for (let i = 0; i < 9; i += 1) await rate.take(reserved, { priority: "urgent" });
    const order: string[] = [];
    const urgent = ["u1", "u2", "u3"].map((name) =>
      rate.take(reserved, { priority: "urgent" }).then(() => order.push(name)),
    );
    const final = rate.take(reserved, { priority: "final" }).then(() => order.push("final"));
    await Promise.all([...urgent, final]);
    // The last token is the turn's end's at once; in the urgent line it would have come after u3.
    expect(order[0]).toBe("final");
    expect(order.slice(1)).toEqual(["u1", "u2", "u3"]);
  });
});
