import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BudgetBucket, createRateBudget, type RateBudget } from "../../src/budget/rate-budget.js";
import { createRedisKeys } from "../../src/store/redis-keys.js";

const BUCKET: BudgetBucket = {
  id: "slack:T1:chat.update",
  name: "slack:chat.update",
  platform: "slack",
  limit: { limit: 60, periodMs: 60_000, burst: 10 },
};

/**
 * Time that moves only when every waiter sleeps: then it jumps to the earliest wake-up. A sleep is
 * what a take does between two asks, so asks = grants + sleeps inside takes.
 */
function virtualTime() {
  let now = Date.UTC(2026, 0, 1);
  let running = 0;
  let order = 0;
  const timers: Array<{ at: number; order: number; wake: () => void }> = [];
  return {
    now: () => now,
    sleep: (ms: number) =>
      new Promise<void>((wake) => {
        timers.push({ at: now + ms, order: order++, wake });
        running -= 1;
      }),
    /** Runs `tasks` to their end, moving time whenever all of them sleep. */
    async run(tasks: Array<() => Promise<void>>) {
      running = tasks.length;
      const done = Promise.all(
        tasks.map((task) =>
          task().finally(() => {
            running -= 1;
          }),
        ),
      );
      for (;;) {
        while (running > 0) await new Promise((resolve) => setTimeout(resolve, 0));
        timers.sort((a, b) => a.at - b.at || a.order - b.order);
        const next = timers.shift();
        if (!next) break;
        now = Math.max(now, next.at);
        running += 1;
        next.wake();
      }
      await done;
    },
  };
}

describe("progress waiters", () => {
  let testRedis: TestRedis;
  beforeEach(async () => {
    testRedis = await createTestRedis("progress-waiters");
  });
  afterEach(() => testRedis.cleanup());

  it("ask about once per grant while twenty sessions on two workers queue, and all are served at the bucket's rate", async () => {
    const time = virtualTime();
    let asks = 0;
    const waits: number[] = [];
    const budgetOn = (connection: TestRedis["redis"]): RateBudget =>
      createRateBudget({
        redis: connection,
        keys: createRedisKeys(testRedis.prefix),
        now: time.now,
        sleep: (ms) => {
          asks += 1;
          return time.sleep(ms);
        },
        observer: {
          granted: (_bucket, _priority, waitedMs) => {
            asks += 1;
            waits.push(waitedMs);
          },
          paused() {},
        },
      });
    const workers = [budgetOn(testRedis.redis), budgetOn(testRedis.connect())];
    const started = time.now();
    const grantsEach = 5;
    const sessions = Array.from({ length: 20 }, (_, index) => async () => {
      const budget = workers[index % 2]!;
      for (let grant = 0; grant < grantsEach; grant += 1) {
        await budget.take(BUCKET, { priority: "progress", session: `s${index}` });
        await time.sleep(1_000); // the agent's next status
      }
    });
    await time.run(sessions);
    expect(waits).toHaveLength(20 * grantsEach);
    // One ask to join the queue and one when its time comes; re-asking every interval, as before,
    // was about one ask per waiter for every grant: ~20 here.
    expect(asks / waits.length).toBeLessThan(2.5);
    // The bucket's rate is kept: 100 grants at one a second, the first 7 from its burst.
    expect(time.now() - started).toBeLessThan(100_000);
    // Oldest first: nobody waits much longer than the queue ahead of it.
    expect(Math.max(...waits)).toBeLessThanOrEqual(22_000);
  });

  it("keeps a waiter told to sleep past the staleness window in the queue, and drops it once it fails to return", async () => {
    let now = Date.UTC(2026, 0, 1);
    const told: Record<string, number> = {};
    let asking = "";
    const budget = createRateBudget({
      redis: testRedis.redis,
      keys: createRedisKeys(testRedis.prefix),
      now: () => now,
      sleep: async (ms) => {
        told[asking] = ms;
        throw new Error(`would wait ${ms} ms`);
      },
    });
    const ask = (session: string) => {
      asking = session;
      return budget.take(BUCKET, { priority: "progress", session });
    };
    for (let i = 0; i < 7; i += 1) await ask(`busy${i}`); // down to the reserve
    for (let i = 10; i < 25; i += 1) await expect(ask(`w${i}`)).rejects.toThrow(/would wait/);
    expect(told.w24).toBe(15_000); // fourteen ahead, one token a second
    const waiting = `${createRedisKeys(testRedis.prefix).scoped("budget", `{${BUCKET.id}}`)}:waiting`;
    now += 12_000; // past 10 s of staleness, before w24's time
    await expect(ask("late")).rejects.toThrow(/would wait/);
    // Still queued; only w10, told to come back at 1 s, is 11 s late and gone.
    expect(await testRedis.redis.zrank(waiting, "w24")).toBe(13);
    expect(await testRedis.redis.zrank(waiting, "w10")).toBeNull();
    now += 15_000; // w24 is 12 s past its time: its worker is gone
    await ask("late").catch(() => undefined); // served or told to wait: either sweeps the queue
    expect(await testRedis.redis.zrank(waiting, "w24")).toBeNull();
  });
});
