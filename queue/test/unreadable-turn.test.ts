import { conversationKey, silentLogger, type Turn, type UserFacingError } from "@baton/core";
import { createIntake, createIntakeDispatcher, DEFAULT_INTAKE_LIMITS } from "@baton/queue";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildRequest } from "./fixtures/build-request.js";
import { createQueueHarness, type QueueHarness, waitFor } from "./fixtures/queue-harness.js";

describe("a turn record this Baton cannot read", () => {
  let harness: QueueHarness;
  beforeEach(async () => {
    harness = await createQueueHarness("unreadable");
    await harness.stopDispatcher();
  });
  afterEach(() => harness.close());

  /** A dispatcher that records the turns it fails and why. */
  function startRecordingDispatcher() {
    const failed: Array<{ turn: Turn; error: UserFacingError }> = [];
    const dispatcher = createIntakeDispatcher({
      blocking: harness.redis.connect(),
      redis: harness.redis.redis,
      keys: harness.keys,
      turns: harness.queue.turns,
      acknowledge: async () => {},
      fail: async (turn, error) => void failed.push({ turn, error }),
      logger: silentLogger,
    });
    return { failed, dispatcher };
  }

  /** Starts a worker and returns the ids of the first `count` turns it ran. */
  async function runTurns(count: number): Promise<string[]> {
    const ran: string[] = [];
    harness.startWorker(async (turn) => {
      ran.push(turn.id);
      return "completed";
    });
    await waitFor(() => (ran.length === count ? true : undefined), 10_000, "the turns to run");
    return ran;
  }

  it("is acknowledged, fails visibly, leaves the head, and the turn behind it runs", async () => {
    const { failed, dispatcher } = startRecordingDispatcher();
    const threadTs = "1700000950.000001";
    const broken = buildRequest("Ev-unreadable-1", threadTs);
    const key = conversationKey(broken.conversation);
    // Written as a buggy bot or another Baton version would: the text breaks the schema.
    await harness.redis.redis.hset(
      harness.keys.turn(key, broken.id),
      "data",
      JSON.stringify({ id: broken.id, conversationKey: key, request: { ...broken, text: 42 } }),
      "status",
      "queued",
    );
    await harness.redis.redis.rpush(harness.keys.inbox(key), broken.id);
    await harness.redis.redis.xadd(harness.keys.intakeStream, "*", "turn", broken.id, "conversation", key);
    const followUp = buildRequest("Ev-unreadable-2", threadTs, "the follow-up");
    await harness.queue.intake(followUp);

    expect(await runTurns(1)).toEqual([followUp.id]);
    expect(failed.map((f) => [f.turn.id, f.error.code])).toEqual([[broken.id, "request_invalid"]]);
    // Where to reply survived; the part that broke it did not.
    expect(failed[0]?.turn.request.conversation).toEqual(broken.conversation);
    expect(await harness.redis.redis.hget(harness.keys.turn(key, broken.id), "status")).toBe("failed");
    await waitFor(
      async () => ((await harness.redis.redis.xlen(harness.keys.intakeStream)) === 0 ? true : undefined),
      5_000,
      "the stream to drain",
    );
    await dispatcher.close();
  });

  it("takes a request a bot built wrong, then fails it visibly instead of answering the platform 500", async () => {
    const { failed, dispatcher } = startRecordingDispatcher();
    const threadTs = "1700000951.000001";
    // An attachment whose url is no URL: the kind of slip a bot's builder could make.
    const broken = {
      ...buildRequest("Ev-unreadable-3", threadTs),
      attachments: [{ kind: "file" as const, url: "not a url" }],
    };
    const followUp = buildRequest("Ev-unreadable-4", threadTs, "the follow-up");
    expect(await harness.queue.intake(broken)).toEqual({ kind: "accepted", turnId: broken.id });
    await harness.queue.intake(followUp);
    expect(await runTurns(1)).toEqual([followUp.id]);
    expect(failed.map((f) => [f.turn.id, f.error.code])).toEqual([[broken.id, "request_invalid"]]);
    expect(failed[0]?.turn.request.conversation).toEqual(broken.conversation);
    await dispatcher.close();
  });

  it("takes a request whose text a bot left out, then fails it visibly", async () => {
    const { failed, dispatcher } = startRecordingDispatcher();
    const threadTs = "1700000953.000001";
    // A message event without text (a file shared alone), read by a bot that expected one.
    const broken = { ...buildRequest("Ev-unreadable-7", threadTs), text: undefined as unknown as string };
    const followUp = buildRequest("Ev-unreadable-8", threadTs, "the follow-up");
    expect(await harness.queue.intake(broken)).toEqual({ kind: "accepted", turnId: broken.id });
    await harness.queue.intake(followUp);
    expect(await runTurns(1)).toEqual([followUp.id]);
    expect(failed.map((f) => [f.turn.id, f.error.code])).toEqual([[broken.id, "request_invalid"]]);
    await dispatcher.close();
  });

  it("that intake also refused is still answered", async () => {
    const { failed, dispatcher } = startRecordingDispatcher();
    const threadTs = "1700000952.000001";
    // A conversation that holds one turn, and holds one already: the broken request is refused.
    const intake = createIntake({
      redis: harness.redis.redis,
      keys: harness.keys,
      logger: silentLogger,
      limits: { ...DEFAULT_INTAKE_LIMITS, maxQueuedPerConversation: 1 },
    });
    await intake(buildRequest("Ev-unreadable-5", threadTs));
    const broken = {
      ...buildRequest("Ev-unreadable-6", threadTs),
      attachments: [{ kind: "file" as const, url: "not a url" }],
    };
    expect(await intake(broken)).toMatchObject({ kind: "refused", reason: "conversation_full" });
    await waitFor(
      async () => ((await harness.redis.redis.xlen(harness.keys.intakeStream)) === 0 ? true : undefined),
      5_000,
      "the stream to drain",
    );
    expect(failed.map((f) => f.turn.id)).toEqual([broken.id]);
    await dispatcher.close();
  });
});
