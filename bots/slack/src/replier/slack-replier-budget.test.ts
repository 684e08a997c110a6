import {
  createRateBudget,
  createRedisKeys,
  createReplyBudget,
  createReplyLedger,
  createTrailingReplies,
  EMPTY_CATALOG,
  type Replier,
  silentLogger,
  type TrailingReplies,
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
/**
 * The budget lets one swap through at once, then one every 2 s. The fake allows one more at once
 * (Slack's tiers are floors): a request reaches it a little after its token was taken, and one
 * that arrives a moment sooner after the one before must not be refused for that.
 */
const REACTIONS_REMOVE_LIMIT = { limit: 30, periodMs: 60_000, burst: 1 };
const FAKE_REACTIONS_REMOVE_LIMIT = { ...REACTIONS_REMOVE_LIMIT, burst: 2 };

describe("the Slack replier on a shared budget, against the fake Slack's limits, through WebClient", () => {
  let slack: FakeSlack;
  let redis: TestRedis;
  beforeEach(async () => {
    // chat.update: one every 2 s, at most 5 at once, in the fake and in the budget alike.
    slack = await startFakeSlack({
      rateLimits: {
        methodLimits: {
          "chat.update": { limit: 30, periodMs: 60_000, burst: 5 },
          "reactions.remove": FAKE_REACTIONS_REMOVE_LIMIT,
        },
      },
    });
    redis = await createTestRedis("slack-budget");
  });
  afterEach(async () => {
    await slack.close();
    await redis.cleanup();
  });

  function replier(trailingReplies?: TrailingReplies): Replier<"slack"> {
    const keys = createRedisKeys(redis.prefix);
    const replyBudget = createReplyBudget({
      budget: createRateBudget({ redis: redis.redis, keys }),
      overrides: new Map([
        ["slack:chat.update", { limit: 30, periodMs: 60_000, burst: 5 }],
        ["slack:reactions.remove", REACTIONS_REMOVE_LIMIT],
      ]),
    });
    const budgets = createSlackBudgets({ replyBudget, teamId: "T1" });
    const client = new WebClient("xoxb-test", {
      slackApiUrl: slack.url,
      fetch: createSlackFetch({ timeoutMs: 5_000, budgets }),
    });
    return createSlackReplier({
      client,
      ledger: createReplyLedger({ redis: redis.redis, keys }),
      catalog: EMPTY_CATALOG,
      logger: silentLogger,
      progressMinIntervalMs: 10,
      statusMinIntervalMs: 10,
      budgets,
      trailingReplies,
    });
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
    const progressEdits = () => updates().filter((u) => u.includes("status"));
    await expect.poll(() => progressEdits().length, { timeout: 5_000 }).toBe(3);
    // Which sessions went first depends on the order Slack's refusals of the status line came back
    // in: the turn that ends is one whose progress is still waiting.
    const channelOf = (session: string) => `C0${session.toUpperCase()}`;
    const showsProgress = (session: string) => progressEdits().some((u) => u.includes(channelOf(session)));
    const ending = SESSIONS.findIndex((session) => !showsProgress(session));
    expect(ending).toBeGreaterThanOrEqual(0);
    const before = updates().length;
    await slackReplier.result(turns[ending]!, completedOutcome("All done"), null);
    const after = updates().slice(before);
    // The result's own edit (its working message closed) came next, ahead of four sessions' progress.
    expect(after[0]).toContain("Done in");
    expect(slack.calls.filter((c) => c.outcome.kind === "rate_limited")).toEqual([]);
    const results = slack
      .callsTo("chat.postMessage")
      .filter((c) => JSON.stringify(c.body).includes("All done"));
    expect(results).toHaveLength(1);
    // Coalesced: each session that edits again shows its latest status, never one it replaced.
    const others = SESSIONS.filter((_, i) => i !== ending);
    await expect
      .poll(
        () => others.every((s) => updates().some((u) => u.includes(channelOf(s)) && u.includes("status 4"))),
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(progressEdits().length).toBeLessThan(SESSIONS.length * 5);
    // The ended turn's waiting progress never showed.
    expect(showsProgress(SESSIONS[ending]!)).toBe(false);
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

  it("posts each result at once and leaves the reaction swaps to wait for their budget after the turn", async () => {
    const trailingReplies = createTrailingReplies({ logger: silentLogger });
    const slackReplier = replier(trailingReplies);
    const turns = SESSIONS.slice(0, 3).map((session) => turn(session));
    for (const t of turns) await slackReplier.acknowledge(t);
    for (const [i, t] of turns.entries()) await slackReplier.result(t, completedOutcome(`Result ${i}`), null);
    // Every result is in its thread, while reactions.remove's budget lets one swap through every 2 s.
    const results = slack
      .callsTo("chat.postMessage")
      .filter((c) => JSON.stringify(c.body).includes("Result"));
    expect(results).toHaveLength(3);
    expect(slack.callsTo("reactions.remove").length).toBeLessThan(3);
    expect(trailingReplies.running).toBeGreaterThan(0);
    await trailingReplies.settle(20_000);
    expect(trailingReplies.running).toBe(0);
    expect(slack.callsTo("reactions.remove")).toHaveLength(3);
    const done = slack
      .callsTo("reactions.add")
      .filter((c) => JSON.stringify(c.body).includes("white_check_mark"));
    expect(done).toHaveLength(3);
    expect(updates().filter((u) => u.includes("Done in"))).toHaveLength(3);
    expect(slack.calls.filter((c) => c.outcome.kind === "rate_limited")).toEqual([]);
  }, 40_000);
});
