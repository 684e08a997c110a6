import {
  createRedisKeys,
  createReplyLedger,
  EMPTY_CATALOG,
  REPLY_FIELDS,
  type ReplyLedger,
  silentLogger,
} from "@baton/core";
import { type FakeSlack, startFakeSlack } from "@baton/testkit";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { WebClient } from "@slack/web-api";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { completedOutcome, slackTestTurn, TEST_CONTEXT } from "../../test/fixtures/slack-test-turn.js";
import { createSlackReplier } from "./create-slack-replier.js";

describe("the Slack replier's working message", () => {
  let slack: FakeSlack;
  let redis: TestRedis;
  beforeEach(async () => {
    slack = await startFakeSlack();
    redis = await createTestRedis("slack-replier");
  });
  afterEach(async () => {
    await slack.close();
    await redis.cleanup();
  });

  function replier(progressMinIntervalMs: number, ledger = replyLedger()) {
    return createSlackReplier({
      client: new WebClient("xoxb-test", { slackApiUrl: slack.url }),
      ledger,
      catalog: EMPTY_CATALOG,
      logger: silentLogger,
      progressMinIntervalMs,
      statusMinIntervalMs: progressMinIntervalMs,
    });
  }

  function replyLedger(reads: string[] = []): ReplyLedger {
    const ledger = createReplyLedger({ redis: redis.redis, keys: createRedisKeys(redis.prefix) });
    return {
      ...ledger,
      get: (turnId, field) => {
        reads.push(field);
        return ledger.get(turnId, field);
      },
      getMany: (turnId, fields) => {
        reads.push(...fields);
        return ledger.getMany(turnId, fields);
      },
    };
  }

  const turn = (id: string) => slackTestTurn({ id });

  const texts = (method: string) => slack.callsTo(method).map((call) => JSON.stringify(call.body));

  it("keeps the target when the worker got there before the acknowledgement", async () => {
    const slackReplier = replier(3_000);
    const late = turn("t_late_ack");
    await slackReplier.working(late, TEST_CONTEXT);
    await slackReplier.acknowledge(late);
    const [posted] = texts("chat.postMessage");
    expect(posted).toContain("acme/web");
    // The acknowledgement's bare message does not replace the worker's.
    expect(texts("chat.update")).toEqual([]);
    expect(slack.callsTo("reactions.add")).toHaveLength(1);
  });

  it("gives a quick turn's result without a progress edit the result would replace at once", async () => {
    const slackReplier = replier(60_000);
    const quick = turn("t_quick");
    await slackReplier.acknowledge(quick);
    await slackReplier.working(quick, TEST_CONTEXT);
    await slackReplier.progress(quick, "Reading the code");
    await slackReplier.result(quick, completedOutcome("Done."), null);
    const updates = texts("chat.update");
    expect(updates.some((text) => text.includes("acme/web"))).toBe(true);
    expect(updates.some((text) => text.includes("Reading the code"))).toBe(false);
    expect(texts("chat.postMessage").some((text) => text.includes("Done."))).toBe(true);
  });

  it("edits the working message for progress from what it knows, and a worker that knows nothing reads the ledger once", async () => {
    // Progress edits the working message where Slack refuses the status line.
    slack.failNext("assistant.threads.setStatus", { kind: "error", error: "missing_scope" });
    const reads: string[] = [];
    const first = replier(20, replyLedger(reads));
    const t = turn("t_known");
    await first.acknowledge(t);
    await first.working(t, TEST_CONTEXT);
    const before = reads.length;
    for (let step = 0; step < 4; step += 1) {
      await first.progress(t, `step ${step}`);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    await expect.poll(() => texts("chat.update").filter((text) => text.includes("step 3")).length).toBe(1);
    const edits = texts("chat.update").filter((text) => /step \d/.test(text));
    expect(edits.length).toBeGreaterThan(1);
    expect(edits.every((text) => text.includes("acme/web"))).toBe(true);
    // Neither the context nor the working message's ts is read again for an edit.
    expect(reads.slice(before)).toEqual([]);

    // The turn, retried on another worker (this one crashed), edits the same message, target and all.
    const otherReads: string[] = [];
    const second = replier(20, replyLedger(otherReads));
    slack.failNext("assistant.threads.setStatus", { kind: "error", error: "missing_scope" });
    await second.progress(t, "step 9");
    await second.progress(t, "step 10");
    await expect.poll(() => texts("chat.update").some((text) => text.includes("step 10"))).toBe(true);
    expect(texts("chat.postMessage")).toHaveLength(1);
    expect(texts("chat.update").filter((text) => text.includes("step 10"))[0]).toContain("acme/web");
    await second.progress(t, "step 11");
    await expect.poll(() => texts("chat.update").some((text) => text.includes("step 11"))).toBe(true);
    expect(otherReads.filter((field) => field === REPLY_FIELDS.workingContext)).toHaveLength(1);
    expect(otherReads.filter((field) => field === REPLY_FIELDS.workingMessage)).toHaveLength(1);
  });
});
