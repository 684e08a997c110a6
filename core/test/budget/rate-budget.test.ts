import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type BudgetBucket, createRateBudget, type RateBudgetOptions } from "../../src/budget/rate-budget.js";
import { createRedisKeys } from "../../src/store/redis-keys.js";

// Time stands still unless a test moves it; a take that has to wait reports how long and fails.
function stillClock() {
  let now = Date.UTC(2026, 0, 1);
  const waits: number[] = [];
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
    waits,
    sleep: async (ms: number) => {
      waits.push(ms);
      throw new Error(`would wait ${ms} ms`);
    },
  };
}

const BUCKET: BudgetBucket = {
  id: "slack:T1:tier3",
  name: "slack:tier3",
  platform: "slack",
  limit: { limit: 60, periodMs: 60_000, burst: 10 },
};

describe("the rate budget in Redis", () => {
  let testRedis: TestRedis;
  beforeEach(async () => {
    testRedis = await createTestRedis("rate-budget");
  });
  afterEach(() => testRedis.cleanup());

  function budgetOn(
    connection: TestRedis["redis"],
    clock: ReturnType<typeof stillClock>,
    extra: Partial<RateBudgetOptions> = {},
  ) {
    return createRateBudget({
      redis: connection,
      keys: createRedisKeys(testRedis.prefix),
      now: clock.now,
      sleep: clock.sleep,
      ...extra,
    });
  }

  it("is one budget for every worker: two connections together spend the burst once, then one a second", async () => {
    const clock = stillClock();
    const one = budgetOn(testRedis.redis, clock);
    const two = budgetOn(testRedis.connect(), clock);
    for (let i = 0; i < 5; i += 1) {
      await one.take(BUCKET, { priority: "final" });
      await two.take(BUCKET, { priority: "final" });
    }
    await expect(two.take(BUCKET, { priority: "final" })).rejects.toThrow(/would wait 1000 ms/);
    await expect(one.take(BUCKET, { priority: "final" })).rejects.toThrow(/would wait 1000 ms/);
    clock.advance(1_000);
    await one.take(BUCKET, { priority: "final" });
    await expect(two.take(BUCKET, { priority: "final" })).rejects.toThrow(/would wait/);
  });

  it("keeps reserves: progress stops short of what a person waits on, which stops short of a turn's end", async () => {
    const clock = stillClock();
    const budget = budgetOn(testRedis.redis, clock);
    for (let i = 0; i < 7; i += 1) await budget.take(BUCKET, { priority: "progress", session: `s${i}` });
    await expect(budget.take(BUCKET, { priority: "progress", session: "s7" })).rejects.toThrow(/would wait/);
    // An acknowledgement or a question leaves the last token to a turn's end.
    for (let i = 0; i < 2; i += 1) await budget.take(BUCKET, { priority: "urgent" });
    await expect(budget.take(BUCKET, { priority: "urgent" })).rejects.toThrow(/would wait/);
    await budget.take(BUCKET, { priority: "final" });
    await expect(budget.take(BUCKET, { priority: "final" })).rejects.toThrow(/would wait/);
  });

  it("keeps a limit's own share for turns' ends where it sets one", async () => {
    const clock = stillClock();
    const budget = budgetOn(testRedis.redis, clock);
    const shared: BudgetBucket = {
      ...BUCKET,
      id: "github:7:content-minute",
      limit: { ...BUCKET.limit, finalReserveShare: 0.25 },
    };
    // Of ten tokens, starts leave three (a quarter, rounded up) where the default leaves one.
    for (let i = 0; i < 7; i += 1) await budget.take(shared, { priority: "urgent" });
    await expect(budget.take(shared, { priority: "urgent" })).rejects.toThrow(/would wait/);
    for (let i = 0; i < 3; i += 1) await budget.take(shared, { priority: "final" });
    await expect(budget.take(shared, { priority: "final" })).rejects.toThrow(/would wait/);
  });

  it("serves progress oldest waiter first, whichever worker asks again first", async () => {
    const clock = stillClock();
    const one = budgetOn(testRedis.redis, clock);
    const two = budgetOn(testRedis.connect(), clock);
    for (let i = 0; i < 7; i += 1) await one.take(BUCKET, { priority: "progress", session: "busy" });
    await expect(one.take(BUCKET, { priority: "progress", session: "early" })).rejects.toThrow();
    clock.advance(10);
    await expect(two.take(BUCKET, { priority: "progress", session: "late" })).rejects.toThrow();
    clock.advance(990); // one token back: it is the early session's
    await expect(two.take(BUCKET, { priority: "progress", session: "late" })).rejects.toThrow(
      /would wait 1000 ms/,
    );
    await one.take(BUCKET, { priority: "progress", session: "early" });
    clock.advance(1_000);
    await two.take(BUCKET, { priority: "progress", session: "late" });
  });

  it("holds a bucket for every worker after a 429 until Retry-After, then refills it from empty", async () => {
    const clock = stillClock();
    const paused: number[] = [];
    const one = budgetOn(testRedis.redis, clock, {
      observer: { granted() {}, paused: (_b, ms) => paused.push(ms) },
    });
    const two = budgetOn(testRedis.connect(), clock);
    await one.pause(BUCKET, 30_000);
    expect(paused).toEqual([30_000]);
    await expect(two.take(BUCKET, { priority: "final" })).rejects.toThrow(/would wait 5000 ms/); // polls while it waits
    expect(await two.rateLimited(["slack", "github"])).toEqual([
      { platform: "slack", untilMs: clock.now() + 30_000, budget: "slack:tier3" },
    ]);
    clock.advance(30_000);
    // Emptied when refused: the 30 s refilled 30 tokens, capped at the burst of 10.
    for (let i = 0; i < 10; i += 1) await two.take(BUCKET, { priority: "final" });
    await expect(one.take(BUCKET, { priority: "final" })).rejects.toThrow(/would wait 1000 ms/);
    await one.pause(BUCKET, 3_000);
    clock.advance(3_000);
    for (let i = 0; i < 3; i += 1) await one.take(BUCKET, { priority: "final" });
    await expect(two.take(BUCKET, { priority: "final" })).rejects.toThrow(/would wait 1000 ms/);
  });

  it("takes back a token given back, but not while the platform's pause lasts", async () => {
    const clock = stillClock();
    const budget = budgetOn(testRedis.redis, clock);
    for (let i = 0; i < 10; i += 1) await budget.take(BUCKET, { priority: "final" });
    await expect(budget.take(BUCKET, { priority: "final" })).rejects.toThrow(/would wait 1000 ms/);
    await budget.giveBack(BUCKET);
    await budget.take(BUCKET, { priority: "final" });
    await expect(budget.take(BUCKET, { priority: "final" })).rejects.toThrow(/would wait 1000 ms/);

    // A token given back during a pause stays spent: the pause counted the bucket as the platform does.
    await budget.pause(BUCKET, 5_000);
    await budget.giveBack(BUCKET);
    clock.advance(5_000);
    // What the five seconds refilled, and not one more.
    for (let i = 0; i < 5; i += 1) await budget.take(BUCKET, { priority: "final" });
    await expect(budget.take(BUCKET, { priority: "final" })).rejects.toThrow(/would wait/);
  });

  it("shows the platform's pause that ends last, whatever refused after it", async () => {
    const clock = stillClock();
    const budget = budgetOn(testRedis.redis, clock);
    const reactions: BudgetBucket = { ...BUCKET, id: "slack:T1:reactions.add", name: "slack:reactions.add" };
    await budget.pause(BUCKET, 60_000);
    await budget.pause(reactions, 100); // later, shorter, another budget of the same platform
    await new Promise((resolve) => setTimeout(resolve, 300)); // the short pause is over
    expect(await budget.rateLimited(["slack"])).toEqual([
      { platform: "slack", untilMs: clock.now() + 60_000, budget: "slack:tier3" },
    ]);
  });

  it("counts a 429 that asks for no wait, and leaves the budget as it is", async () => {
    const clock = stillClock();
    const paused: number[] = [];
    const budget = budgetOn(testRedis.redis, clock, {
      observer: { granted() {}, paused: (_b, ms) => paused.push(ms) },
    });
    await budget.pause(BUCKET, 0);
    expect(paused).toEqual([0]);
    for (let i = 0; i < 10; i += 1) await budget.take(BUCKET, { priority: "final" });
  });

  it("lets a progress waiter that gives up leave the queue at once, so the next session is served", async () => {
    const clock = stillClock();
    const keys = createRedisKeys(testRedis.prefix);
    const quitter = createRateBudget({ redis: testRedis.redis, keys, now: clock.now });
    const budget = budgetOn(testRedis.redis, clock);
    for (let i = 0; i < 7; i += 1) await budget.take(BUCKET, { priority: "progress", session: `s${i}` });
    const controller = new AbortController();
    const waiting = quitter.take(BUCKET, { priority: "progress", session: "gone" }, controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 50)); // it has asked once and waits
    controller.abort(new Error("turn ended"));
    await expect(waiting).rejects.toThrow("turn ended");
    clock.advance(1_000);
    await budget.take(BUCKET, { priority: "progress", session: "next" });
  });

  it("lets a progress waiter leave the queue when its turn ends just as its sleep is over", async () => {
    const clock = stillClock();
    const keys = createRedisKeys(testRedis.prefix);
    const controller = new AbortController();
    // The waiter's sleep runs out at the moment its turn ends: it asks Redis no more and goes.
    const quitter = createRateBudget({
      redis: testRedis.redis,
      keys,
      now: clock.now,
      sleep: async () => controller.abort(new Error("turn ended")),
    });
    const budget = budgetOn(testRedis.redis, clock);
    for (let i = 0; i < 7; i += 1) await budget.take(BUCKET, { priority: "progress", session: `s${i}` });
    await expect(
      quitter.take(BUCKET, { priority: "progress", session: "gone" }, controller.signal),
    ).rejects.toThrow("turn ended");
    clock.advance(1_000);
    await budget.take(BUCKET, { priority: "progress", session: "next" });
  });

  it("reads every bucket on Redis's clock: a worker whose clock runs an hour ahead finds no tokens that are not there", async () => {
    const keys = createRedisKeys(testRedis.prefix);
    const refusals: number[] = [];
    const refuseWaits = async (ms: number) => {
      refusals.push(ms);
      throw new Error(`would wait ${ms} ms`);
    };
    const here = createRateBudget({ redis: testRedis.redis, keys, sleep: refuseWaits });
    for (let i = 0; i < 10; i += 1) await here.take(BUCKET, { priority: "final" });
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 60 * 60_000 });
    try {
      // Another worker, on a host whose clock is an hour ahead.
      const ahead = createRateBudget({ redis: testRedis.connect(), keys, sleep: refuseWaits });
      // On its own clock the bucket would have refilled long ago.
      await expect(ahead.take(BUCKET, { priority: "final" })).rejects.toThrow(/would wait/);
      expect(refusals[0]).toBeGreaterThan(0);
      expect(refusals[0]).toBeLessThanOrEqual(1_000);
      // A pause it is told of ends on Redis's clock too, and the front page says so.
      await ahead.pause(BUCKET, 30_000);
    } finally {
      vi.useRealTimers();
    }
    const [limited] = await here.rateLimited(["slack"]);
    expect(limited?.untilMs).toBeGreaterThan(Date.now() + 25_000);
    expect(limited?.untilMs).toBeLessThan(Date.now() + 35_000);
  });

  it("gives up a wait when its signal aborts", async () => {
    const clock = stillClock();
    const budget = createRateBudget({
      redis: testRedis.redis,
      keys: createRedisKeys(testRedis.prefix),
      now: clock.now,
    });
    await budget.pause(BUCKET, 60_000);
    const controller = new AbortController();
    const waiting = budget.take(BUCKET, { priority: "progress", session: "s" }, controller.signal);
    controller.abort(new Error("turn ended"));
    await expect(waiting).rejects.toThrow("turn ended");
  });
});
