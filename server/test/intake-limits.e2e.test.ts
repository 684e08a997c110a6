import { queueNames } from "@baton/queue";
import { postSlackEvent } from "@baton/testkit";
import { type PrivateRedis, startPrivateRedis } from "@baton/testkit/vitest";
import { afterEach, describe, expect, it } from "vitest";
import { eventually, slackActions } from "./fixtures/slack-test-actions.js";
import { startSlackScenario } from "./fixtures/start-slack-scenario.js";
import { TEST_SIGNING_SECRET, type TestBaton } from "./fixtures/start-test-baton.js";

const QUEUED_BEHIND_HEAD = 1_000;
const SEND_CONCURRENCY = 25;
const WINDOW_MS = 3_000;
/**
 * Redis commands a whole idle Baton may issue in one window while 1,000 turns wait: blocking
 * reads, lock renewals, stalled-job checks. A turn that polled once a second would cost several
 * commands each per second, thousands per window.
 */
const MAX_COMMANDS_PER_WINDOW = 300;

async function commandCount(t: TestBaton): Promise<number> {
  const stats = await t.redis.redis.info("commandstats");
  return [...stats.matchAll(/calls=(\d+)/g)].reduce((sum, [, calls]) => sum + Number(calls), 0);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("intake limits and waiting turns", () => {
  let t: TestBaton | undefined;
  let privateRedis: PrivateRedis | undefined;
  afterEach(async () => {
    await t?.close();
    await privateRedis?.stop();
    t = undefined;
    privateRedis = undefined;
  });

  it("refuses a turn over the conversation's cap, with a reply saying the limit", async () => {
    const scenario = await startSlackScenario({ env: { BATON_MAX_QUEUED_PER_CONVERSATION: "2" } });
    t = scenario.t;
    const head = await scenario.slack.mention({ channel: "C0CAP", text: "first" });
    await scenario.agent.waitForRun(1);
    await scenario.slack.mention({ channel: "C0CAP", text: "second", threadTs: head.ts });
    const third = await scenario.slack.mention({ channel: "C0CAP", text: "third", threadTs: head.ts });
    expect(third.response.status).toBe(200);
    const refusal = await eventually("the refusal", () =>
      t!.slack.callsTo("chat.postMessage").find((c) => String(c.body.text).includes("did not queue")),
    );
    expect(refusal.body).toMatchObject({ channel: "C0CAP", thread_ts: head.ts });
    expect(String(refusal.body.text)).toContain("2 requests running or waiting");
  });

  it("a person over their rate is told when to try again; a retried delivery is not charged", async () => {
    const scenario = await startSlackScenario({
      env: { BATON_USER_TURN_BURST: "2", BATON_USER_TURNS_PER_MINUTE: "1" },
    });
    t = scenario.t;
    const first = await scenario.slack.mention({ channel: "C0RATE1", text: "one" });
    // Slack retrying the same delivery costs no token.
    const retried = await postSlackEvent(`${t.url}/slack/events`, first.envelope, {
      signingSecret: TEST_SIGNING_SECRET,
    });
    expect(retried.status).toBe(200);
    await scenario.slack.mention({ channel: "C0RATE2", text: "two" });
    await scenario.slack.mention({ channel: "C0RATE3", text: "three", user: "U0OTHER" });
    await scenario.slack.mention({ channel: "C0RATE4", text: "four" });
    const refusal = await eventually("the refusal", () =>
      t!.slack.callsTo("chat.postMessage").find((c) => String(c.body.text).includes("try again in")),
    );
    expect(refusal.body).toMatchObject({ channel: "C0RATE4" });
    expect(String(refusal.body.text)).toMatch(
      /1 a minute per person\). Baton did not queue this one: try again in \d+ s/,
    );
    // Only the fourth was refused: the other person has a bucket of their own.
    expect(
      t.slack.callsTo("chat.postMessage").filter((c) => String(c.body.text).includes("did not queue")),
    ).toHaveLength(1);
  });

  it("1,000 turns queued behind a running head keep Redis' command rate flat", async () => {
    privateRedis = await startPrivateRedis();
    const scenario = await startSlackScenario({
      redisUrl: privateRedis.url,
      env: {
        BATON_MAX_QUEUED_PER_CONVERSATION: "0",
        BATON_USER_TURN_BURST: "0",
        BATON_WORKSPACE_TURN_BURST: "0",
        // What is measured is Redis while turns wait: Slack's own budget would pace the 1,000
        // acknowledgements to reactions.add's 50 a minute (rate-budget.e2e tests that pacing).
        BATON_RATE_BUDGET: "off",
      },
    });
    t = scenario.t;
    const slack = slackActions(t);
    const head = await slack.mention({ channel: "C0FLOOD", text: "the head" });
    await scenario.agent.waitForRun(1);
    for (let sent = 0; sent < QUEUED_BEHIND_HEAD; sent += SEND_CONCURRENCY) {
      await Promise.all(
        Array.from({ length: SEND_CONCURRENCY }, (_, i) =>
          slack.mention({ channel: "C0FLOOD", text: `waiting ${sent + i}`, threadTs: head.ts }),
        ),
      );
    }
    // Every waiting turn has been dispatched to the turn queue and has tried the gate once.
    const delayed = `{${t.redis.prefix}}:${queueNames(t.redis.prefix).turns}:delayed`;
    await eventually(
      "every waiting turn parked",
      async () => (await t!.redis.redis.zcard(delayed)) === QUEUED_BEHIND_HEAD,
      120_000,
    );

    // The dispatcher parks a waiting turn's job before it acknowledges the turn (its 👀 and its
    // "queued" note): let those finish, so that the windows measure waiting alone.
    await eventually(
      "every turn acknowledged",
      () =>
        t!.slack.callsTo("reactions.add").length === QUEUED_BEHIND_HEAD + 1 &&
        t!.slack.callsTo("chat.postMessage").length === QUEUED_BEHIND_HEAD + 1,
      120_000,
    );
    const before = await commandCount(t);
    await sleep(WINDOW_MS);
    const middle = await commandCount(t);
    await sleep(WINDOW_MS);
    const after = await commandCount(t);
    const windows = [middle - before, after - middle];
    expect(windows[0]).toBeLessThan(MAX_COMMANDS_PER_WINDOW);
    expect(windows[1]).toBeLessThan(MAX_COMMANDS_PER_WINDOW);
    // Nothing ran meanwhile: the head still holds the conversation.
    expect(await t.redis.redis.zcard(delayed)).toBe(QUEUED_BEHIND_HEAD);
  }, 240_000);
});
