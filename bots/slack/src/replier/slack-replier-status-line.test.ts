import { createRedisKeys, createReplyLedger, EMPTY_CATALOG, REPLY_FIELDS } from "@baton/core";
import { createRecordingLogger, type FakeSlack, type RecordingLogger, startFakeSlack } from "@baton/testkit";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { WebClient } from "@slack/web-api";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { completedOutcome, slackTestTurn, TEST_CONTEXT } from "../../test/fixtures/slack-test-turn.js";
import { createSlackReplyClients } from "../slack-reply-clients.js";
import { createSlackReplier } from "./create-slack-replier.js";
import { createSlackStatusLine } from "./slack-status-line.js";

const THREAD_TS = "1700000000.000100";
const OUTCOME = completedOutcome("Done.");

describe("the Slack replier's progress on the thread's status line", () => {
  let slack: FakeSlack;
  let redis: TestRedis;
  let logger: RecordingLogger;
  beforeEach(async () => {
    slack = await startFakeSlack();
    redis = await createTestRedis("slack-status-line");
    logger = createRecordingLogger();
  });
  afterEach(async () => {
    await slack.close();
    await redis.cleanup();
  });

  function replier(options: { statusKeepaliveMs?: number } = {}) {
    return createSlackReplier({
      client: new WebClient("xoxb-test", { slackApiUrl: slack.url }),
      ledger: createReplyLedger({ redis: redis.redis, keys: createRedisKeys(redis.prefix) }),
      catalog: EMPTY_CATALOG,
      logger,
      progressMinIntervalMs: 50,
      statusMinIntervalMs: 200,
      ...options,
    });
  }

  const turn = (id: string, channel?: string) => slackTestTurn({ id, channel, threadTs: THREAD_TS });

  const bodies = (method: string) => slack.callsTo(method).map((call) => JSON.stringify(call.body));
  const progressEdits = () => bodies("chat.update").filter((body) => /step \d+/.test(body));
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("shows the latest status under the thread, throttled, and leaves the working message alone", async () => {
    const slackReplier = replier();
    const t = turn("t_status");
    await slackReplier.acknowledge(t);
    await slackReplier.working(t, TEST_CONTEXT);
    for (let step = 0; step < 10; step += 1) await slackReplier.progress(t, `step ${step}`);
    await expect
      .poll(() => slack.threadStatus("C0WORK", THREAD_TS), { timeout: 3_000 })
      .toBe("is working: step 9");
    const sent = slack.callsTo("assistant.threads.setStatus");
    // Ten statuses within one interval: the first at once, then the latest once the interval is over.
    expect(sent.map((call) => call.body.status)).toEqual(["is working: step 0", "is working: step 9"]);
    expect(sent[0]?.body).toMatchObject({ channel_id: "C0WORK", thread_ts: THREAD_TS });
    expect(progressEdits()).toEqual([]);
    await slackReplier.result(t, OUTCOME, null);
    // The result's reply in the thread clears the status line, as Slack does; the working message
    // got its start edit and its final one, nothing for progress.
    expect(slack.threadStatus("C0WORK", THREAD_TS)).toBeUndefined();
    expect(bodies("chat.update")).toHaveLength(2);
    expect(progressEdits()).toEqual([]);
  });

  it("sets a quiet turn's status again before Slack's two minutes remove it, until the turn ends", async () => {
    const slackReplier = replier({ statusKeepaliveMs: 300 });
    const t = turn("t_quiet");
    await slackReplier.acknowledge(t);
    await slackReplier.progress(t, "running the test suite");
    // The agent says nothing more: the same status goes again every 300 ms.
    await expect
      .poll(() => slack.callsTo("assistant.threads.setStatus").length, { timeout: 3_000 })
      .toBeGreaterThanOrEqual(3);
    const statuses = slack.callsTo("assistant.threads.setStatus").map((call) => call.body.status);
    expect(new Set(statuses)).toEqual(new Set(["is working: running the test suite"]));
    await slackReplier.result(t, OUTCOME, null);
    const afterResult = slack.callsTo("assistant.threads.setStatus").length;
    await sleep(900);
    expect(slack.callsTo("assistant.threads.setStatus")).toHaveLength(afterResult);
    expect(slack.threadStatus("C0WORK", THREAD_TS)).toBeUndefined();
  });

  it("drops the status still waiting when the turn leaves this worker without its reply, and posts nothing", async () => {
    const slackReplier = replier();
    const t = turn("t_left");
    await slackReplier.working(t, TEST_CONTEXT);
    const updatesBefore = bodies("chat.update").length;
    await slackReplier.progress(t, "step 0");
    await slackReplier.progress(t, "step 1"); // waits out the 200 ms interval
    // Its final reply was posted by another process, or another try takes the turn on.
    await slackReplier.endProgress?.(t);
    await sleep(500);
    const sent = slack.callsTo("assistant.threads.setStatus").map((call) => call.body.status);
    expect(sent).toEqual(["is working: step 0"]);
    expect(bodies("chat.update")).toHaveLength(updatesBefore);
  });

  it("stops keeping a quiet turn's status up once the turn has finished on another worker", async () => {
    const slackReplier = replier({ statusKeepaliveMs: 200 });
    const t = turn("t_taken_over");
    await slackReplier.progress(t, "step 1");
    await expect
      .poll(() => slack.callsTo("assistant.threads.setStatus").length, { timeout: 3_000 })
      .toBeGreaterThanOrEqual(2);
    // Another worker took the turn over and claimed its result: this one never calls finish.
    await createReplyLedger({ redis: redis.redis, keys: createRedisKeys(redis.prefix) }).set(
      t.id,
      REPLY_FIELDS.finished,
      "completed",
    );
    await sleep(300); // a keepalive already on its way may still land
    const settled = slack.callsTo("assistant.threads.setStatus").length;
    await sleep(800);
    expect(slack.callsTo("assistant.threads.setStatus")).toHaveLength(settled);
  });

  it("keeps a quiet turn's status up only so many times in a row: a turn it lost is let go", async () => {
    const statusLine = createSlackStatusLine({
      clients: createSlackReplyClients({
        urgent: new WebClient("xoxb-test", { slackApiUrl: slack.url }),
        budgets: undefined,
        logger,
      }),
      log: logger,
      minIntervalMs: 10,
      keepaliveMs: 100,
      maxKeepalives: 2,
      onUnavailable: () => {},
    });
    expect(statusLine.show(turn("t_lost"), "step 1")).toBe(true);
    await sleep(1_000);
    // The status, then two keepalives, then nothing: nobody called finish.
    expect(slack.callsTo("assistant.threads.setStatus").map((call) => call.body.status)).toEqual([
      "is working: step 1",
      "is working: step 1",
      "is working: step 1",
    ]);
    await statusLine.finish("t_lost");
  });

  it("sends no status after the result, not even one on its way when the result came", async () => {
    const slackReplier = replier();
    const t = turn("t_late_status");
    await slackReplier.acknowledge(t);
    // Slack slows the status down (a 429 the client waits out): it is still on its way when the
    // turn ends. Landing after the result, it would read "is working" under a finished thread.
    slack.failNext("assistant.threads.setStatus", { kind: "rate_limited", retryAfterSeconds: 1 });
    await slackReplier.progress(t, "step 1");
    await expect.poll(() => slack.callsTo("assistant.threads.setStatus").length).toBe(1);
    await slackReplier.progress(t, "step 2"); // waits behind it, then its interval
    await slackReplier.result(t, OUTCOME, null);
    await sleep(1_500);
    expect(slack.threadStatus("C0WORK", THREAD_TS)).toBeUndefined();
    const calls = slack.calls.map((call) => call.method);
    const resultAt = slack.calls.findIndex((call) => JSON.stringify(call.body).includes("Done."));
    expect(calls.lastIndexOf("assistant.threads.setStatus")).toBeLessThan(resultAt);
    expect(bodies("assistant.threads.setStatus").some((body) => body.includes("step 2"))).toBe(false);
  });

  it("falls back on working-message edits where Slack refuses the status line, and says so once", async () => {
    const slackReplier = replier();
    const first = turn("t_refused");
    await slackReplier.acknowledge(first);
    await slackReplier.working(first, TEST_CONTEXT);
    slack.failNext("assistant.threads.setStatus", { kind: "error", error: "missing_scope" });
    await slackReplier.progress(first, "step 1");
    // The refused status is shown all the same, in the working message, target and all.
    await expect.poll(() => progressEdits().length, { timeout: 3_000 }).toBe(1);
    expect(progressEdits()[0]).toContain("step 1");
    expect(progressEdits()[0]).toContain("acme/web");
    await slackReplier.progress(first, "step 2");
    await expect.poll(() => progressEdits().length, { timeout: 3_000 }).toBe(2);
    // Another session of the workspace goes straight to its working message.
    const second = turn("t_refused_too", "C0OTHER");
    await slackReplier.acknowledge(second);
    await slackReplier.working(second, TEST_CONTEXT);
    await slackReplier.progress(second, "step 7");
    await expect
      .poll(() => progressEdits().some((body) => body.includes("step 7")), { timeout: 3_000 })
      .toBe(true);
    expect(slack.callsTo("assistant.threads.setStatus")).toHaveLength(1);
    const said = logger.lines.filter((line) => line.event === "bots.slack.status_line_unavailable");
    expect(said).toHaveLength(1);
    expect(said[0]?.fields).toMatchObject({ team_id: "T1", error: "missing_scope", scope: "workspace" });
    expect(JSON.stringify(said)).not.toContain("xoxb");
  });

  it("falls back in a channel that refuses it, and keeps the status line in the workspace's other channels", async () => {
    const slackReplier = replier();
    const refusing = turn("t_channel", "C0REFUSES");
    const other = turn("t_elsewhere", "C0FINE");
    for (const t of [refusing, other]) await slackReplier.acknowledge(t);
    slack.failNext("assistant.threads.setStatus", { kind: "error", error: "channel_type_not_supported" });
    await slackReplier.progress(refusing, "step 1");
    await expect.poll(() => progressEdits().length, { timeout: 3_000 }).toBe(1);
    await slackReplier.progress(other, "step 2");
    await expect
      .poll(() => slack.threadStatus("C0FINE", THREAD_TS), { timeout: 3_000 })
      .toBe("is working: step 2");
    // A token Slack does not accept is no reason to leave the status line: nothing is remembered.
    const third = turn("t_auth", "C0AUTH");
    await slackReplier.acknowledge(third);
    slack.failNext("assistant.threads.setStatus", { kind: "error", error: "invalid_auth" });
    await slackReplier.progress(third, "step 3");
    await expect.poll(() => slack.callsTo("assistant.threads.setStatus").length).toBe(3);
    await sleep(300);
    await slackReplier.progress(third, "step 4");
    await expect
      .poll(() => slack.threadStatus("C0AUTH", THREAD_TS), { timeout: 3_000 })
      .toBe("is working: step 4");
    expect(progressEdits()).toHaveLength(1);
  });
});
