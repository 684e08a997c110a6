import { createRateBudget, createRedisKeys, createReplyBudget } from "@baton/core";
import { type FakeSlack, startFakeSlack } from "@baton/testkit";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { WebClient } from "@slack/web-api";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSlackBudgets } from "./budget/slack-budgets.js";
import { slackClientOptions } from "./slack-client-options.js";

// 50 a second, one at a time: 150 calls drain in about three seconds.
const CONVERSATIONS_INFO = { limit: 3_000, periodMs: 60_000, burst: 1 };
const WAITING_CALLS = 150;

describe("Baton's Slack WebClient on a shared budget", () => {
  let slack: FakeSlack;
  let redis: TestRedis;
  beforeEach(async () => {
    slack = await startFakeSlack();
    redis = await createTestRedis("slack-client-options");
  });
  afterEach(async () => {
    await slack.close();
    await redis.cleanup();
  });

  it("does not hold a call whose budget has room behind a hundred waiting for another method's", async () => {
    const replyBudget = createReplyBudget({
      budget: createRateBudget({ redis: redis.redis, keys: createRedisKeys(redis.prefix) }),
      overrides: new Map([["slack:conversations.info", CONVERSATIONS_INFO]]),
    });
    const budgets = createSlackBudgets({ replyBudget, teamId: "T1" });
    const client = new WebClient("xoxb-test", slackClientOptions({ apiUrl: slack.url, budgets }));
    const { ts } = slack.seedMessage({ channel: "C0RESULT", text: "fix it", user: "U1" });

    let answered = 0;
    const waiting = Array.from({ length: WAITING_CALLS }, (_, i) =>
      client.conversations.info({ channel: `C0WAIT${i}` }).then(() => {
        answered += 1;
      }),
    );
    // A result in a channel of its own: chat.postMessage's budget is that channel's, with room.
    await client.chat.postMessage({ channel: "C0RESULT", thread_ts: ts, text: "Done" });
    const answeredBeforeResult = answered;
    await Promise.all(waiting);

    // In WebClient's default queue of 100, the result would have started only once 51 of the
    // waiting calls were through; it goes at once, while nearly all of them still wait.
    expect(answeredBeforeResult).toBeLessThan(25);
    expect(answered).toBe(WAITING_CALLS);
  });
});
