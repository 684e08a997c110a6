import { createRecordingLogger } from "@baton/testkit";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BudgetBucket, createRateBudget } from "../budget/rate-budget.js";
import { createReplyBudget } from "../budget/reply-budget.js";
import { FINAL_REPLY } from "../budget/reply-claim.js";
import { createRedisKeys } from "../store/redis-keys.js";
import { createTrailingReplies } from "./trailing-replies.js";

/** One request at once, then one a minute: a second request waits far longer than any test. */
const SLOW: BudgetBucket = {
  id: "slack:T1:reactions.remove",
  name: "slack:reactions.remove",
  platform: "slack",
  limit: { limit: 1, periodMs: 60_000, burst: 1 },
};

describe("trailing replies", () => {
  let testRedis: TestRedis;
  beforeEach(async () => {
    testRedis = await createTestRedis("trailing-replies");
  });
  afterEach(() => testRedis.cleanup());

  it("runs deferred work after the reply returns, each handed the signal that ends it at shutdown", async () => {
    const trailing = createTrailingReplies({ logger: createRecordingLogger() });
    const seen: Array<{ what: string; afterReply: boolean; signal: AbortSignal }> = [];
    let replyReturned = false;
    const record = (what: string) => async (signal: AbortSignal) => {
      seen.push({ what, afterReply: replyReturned, signal });
    };
    trailing.defer("first", record("first"));
    trailing.defer("second", record("second"));
    replyReturned = true;
    await trailing.settle(1_000);
    expect(seen.map(({ what, afterReply }) => ({ what, afterReply }))).toEqual([
      { what: "first", afterReply: true },
      { what: "second", afterReply: true },
    ]);
    expect(seen[0]?.signal).toBeInstanceOf(AbortSignal);
    expect(seen[0]?.signal.aborted).toBe(false);
    expect(trailing.running).toBe(0);
  });

  it("logs a failure and lets the reply and the other work go on", async () => {
    const logger = createRecordingLogger();
    const trailing = createTrailingReplies({ logger });
    let ran = false;
    trailing.defer("slack.reaction", async () => {
      throw new Error("already_reacted twice");
    });
    trailing.defer("slack.working_message", async () => {
      ran = true;
    });
    await trailing.settle(1_000);
    expect(ran).toBe(true);
    expect(logger.lines).toContainEqual(
      expect.objectContaining({
        level: "warn",
        event: "core.trailing_replies.failed",
        fields: expect.objectContaining({ what: "slack.reaction", error: "already_reacted twice" }),
      }),
    );
  });

  it("at shutdown ends the waits for budget that outlast the grace, and drops that work", async () => {
    const logger = createRecordingLogger();
    const trailing = createTrailingReplies({ logger });
    const replyBudget = createReplyBudget({
      budget: createRateBudget({ redis: testRedis.redis, keys: createRedisKeys(testRedis.prefix) }),
    });
    const sent: string[] = [];
    const swap = (name: string) => async (signal: AbortSignal) => {
      await replyBudget.beforeRequest([SLOW], { ...FINAL_REPLY, signal });
      sent.push(name);
    };
    trailing.defer("first", swap("first"));
    trailing.defer("second", swap("second"));
    const started = Date.now();
    await trailing.settle(300);
    // The first had its token; the second waited for a minute's refill until the grace was over.
    expect(sent).toEqual(["first"]);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(trailing.running).toBe(0);
    expect(logger.lines.map((line) => line.event)).toEqual([
      "core.trailing_replies.abandoning",
      "core.trailing_replies.dropped",
    ]);
  });
});
