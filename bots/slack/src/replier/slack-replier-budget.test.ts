import {
  createRateBudget,
  createRedisKeys,
  createReplyBudget,
  createReplyLedger,
  EMPTY_CATALOG,
  type Replier,
  silentLogger,
  withReplyPriorities,
} from "@baton/core";
import { type FakeSlack, startFakeSlack } from "@baton/testkit";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { WebClient } from "@slack/web-api";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { completedOutcome, slackTestTurn } from "../../test/fixtures/slack-test-turn.js";
import { createSlackBudgets } from "../budget/slack-budgets.js";
import { createSlackFetch } from "../create-slack-fetch.js";
import { createSlackReplier } from "./create-slack-replier.js";

const SESSIONS = ["s1", "s2", "s3", "s4", "s5"];

describe("the Slack replier on a shared budget, against the fake Slack's limits, through WebClient", () => {
  let slack: FakeSlack;
  let redis: TestRedis;
  beforeEach(async () => {
    // chat.update: one every 2 s, at most 5 at once, in the fake and in the budget alike.
    slack = await startFakeSlack({
      rateLimits: { methodLimits: { "chat.update": { limit: 30, periodMs: 60_000, burst: 5 } } },
    });
    redis = await createTestRedis("slack-budget");
  });
  afterEach(async () => {
    await slack.close();
    await redis.cleanup();
  });

  function replier(): Replier<"slack"> {
    const keys = createRedisKeys(redis.prefix);
    const replyBudget = createReplyBudget({
      budget: createRateBudget({ redis: redis.redis, keys }),
      overrides: new Map([["slack:chat.update", { limit: 30, periodMs: 60_000, burst: 5 }]]),
    });
    const budgets = createSlackBudgets({ replyBudget, teamId: "T1" });
    const client = new WebClient("xoxb-test", {
      slackApiUrl: slack.url,
      fetch: createSlackFetch({ timeoutMs: 5_000, budgets }),
    });
    const raw = createSlackReplier({
      client,
      ledger: createReplyLedger({ redis: redis.redis, keys }),
      catalog: EMPTY_CATALOG,
      logger: silentLogger,
      progressMinIntervalMs: 10,
      statusMinIntervalMs: 10,
      budgets,
    });
    // The worker marks each reply's priority this way (createWorkerReplies).
    return withReplyPriorities({ slack: raw as unknown as Replier }).slack as unknown as Replier<"slack">;
  }

  const turn = (session: string, channel = `C0${session.toUpperCase()}`, threadTs?: string) =>
    slackTestTurn({ id: `t_${session}`, channel, threadTs, conversationKey: `slack:T1:${session}` });

  const updates = () => slack.callsTo("chat.update").map((call) => JSON.stringify(call.body));

  it("a result goes ahead of every session's waiting progress, which only ever shows its latest status", async () => {
    const slackReplier = replier();
    // chat.update's budget carries progress where Slack refuses the status line (an install
    // without it): every session then edits its working message, as all did before it.
    slack.failNext("assistant.threads.setStatus", { kind: "error", error: "missing_scope" }, 25);
    const turns = SESSIONS.map((session) => turn(session));
    for (const t of turns) await slackReplier.acknowledge(t);
    for (let step = 0; step < 5; step += 1)
      for (const t of turns) await slackReplier.progress(t, `status ${step}`);
    // Progress takes what is above the reserve (3 of 5: 2 are kept), then waits for tokens, one every 2 s.
    await expect.poll(() => updates().filter((u) => u.includes("status")).length, { timeout: 5_000 }).toBe(3);
    const before = updates().length;
    await slackReplier.result(turns[4]!, completedOutcome("All done"), null);
    const after = updates().slice(before);
    // The result's own edit (its working message closed) came next, ahead of four sessions' progress.
    expect(after[0]).toContain("Done in");
    expect(slack.calls.filter((c) => c.outcome.kind === "rate_limited")).toEqual([]);
    const results = slack
      .callsTo("chat.postMessage")
      .filter((c) => JSON.stringify(c.body).includes("All done"));
    expect(results).toHaveLength(1);
    // Coalesced: each session that edits again shows its latest status, never one it replaced.
    await expect
      .poll(
        () =>
          SESSIONS.slice(0, 4).every((s) =>
            updates().some((u) => u.includes(`C0${s.toUpperCase()}`) && u.includes("status 4")),
          ),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    const progress = updates().filter((u) => u.includes("status"));
    expect(progress.length).toBeLessThan(SESSIONS.length * 5);
    expect(progress.some((u) => u.includes("C0S5"))).toBe(false);
  }, 40_000);

  it("puts progress on each thread's status line, within its channel's setStatus limit, and chat.update only starts and ends", async () => {
    const slackReplier = replier();
    // Five sessions in one channel share its setStatus budget (about one a second).
    const turns = SESSIONS.map((session, i) => turn(session, "C0SHARED", `1700000000.00010${i}`));
    for (const t of turns) await slackReplier.acknowledge(t);
    for (let step = 0; step < 5; step += 1)
      for (const t of turns) await slackReplier.progress(t, `status ${step}`);
    const statusOf = (i: number) => slack.threadStatus("C0SHARED", `1700000000.00010${i}`);
    await expect
      .poll(() => turns.every((_, i) => statusOf(i) === "is working: status 4"), { timeout: 20_000 })
      .toBe(true);
    expect(slack.calls.filter((c) => c.outcome.kind === "rate_limited")).toEqual([]);
    expect(slack.callsTo("assistant.threads.setStatus").length).toBeLessThan(SESSIONS.length * 5);
    expect(updates().filter((u) => u.includes("status"))).toEqual([]);
    await slackReplier.result(turns[0]!, completedOutcome("All done"), null);
    expect(statusOf(0)).toBeUndefined();
    expect(updates().filter((u) => u.includes("Done in"))).toHaveLength(1);
  }, 40_000);
});
