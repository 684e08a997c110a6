import { silentLogger, type Turn } from "@baton/core";
import { createIntakeDispatcher, DISPATCHER_GROUP } from "@baton/queue";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildRequest } from "./fixtures/build-request.js";
import { createQueueHarness, type QueueHarness, sleep, waitFor } from "./fixtures/queue-harness.js";

describe("intake dispatcher", () => {
  let harness: QueueHarness;
  beforeEach(async () => {
    harness = await createQueueHarness("dispatch");
    await harness.stopDispatcher();
  });
  afterEach(() => harness.close());

  function dispatcherRecording(acked: Turn[], reclaimIdleMs = 30_000) {
    return createIntakeDispatcher({
      blocking: harness.redis.connect(),
      redis: harness.redis.redis,
      keys: harness.keys,
      turns: harness.queue.turns,
      acknowledge: async (turn) => void acked.push(turn),
      logger: silentLogger,
      reclaimIdleMs,
      reclaimEveryMs: 100,
    });
  }

  it("acknowledges once and queues one job, however often a delivery is retried", async () => {
    const acked: Turn[] = [];
    const dispatcher = dispatcherRecording(acked);
    const request = buildRequest("Ev-disp-1", "1700000600.000001");
    for (let i = 0; i < 5; i++) await harness.queue.intake(request);
    await waitFor(
      async () => ((await harness.redis.redis.xlen(harness.keys.intakeStream)) === 0 ? true : undefined),
      10_000,
      "the stream to drain",
    );
    expect(acked.map((t) => t.id)).toEqual([request.id]);
    expect((await harness.queue.turns.getJob(request.id))?.data).toMatchObject({ turnId: request.id });
    await dispatcher.close();
  });

  it("queues a follow-up parked behind its conversation's head, and the head's leaving wakes it", async () => {
    const dispatcher = dispatcherRecording([]);
    const head = buildRequest("Ev-disp-head", "1700000600.000003");
    const followUp = buildRequest("Ev-disp-follow", "1700000600.000003", "and the docs too");
    await harness.queue.intake(head);
    await harness.queue.intake(followUp);
    await waitFor(
      async () => ((await harness.redis.redis.xlen(harness.keys.intakeStream)) === 0 ? true : undefined),
      10_000,
      "the stream to drain",
    );
    expect(await (await harness.queue.turns.getJob(head.id))?.getState()).toBe("waiting");
    // Parked with the worker's long safety-net delay: only a wake-up brings it back soon.
    expect(await (await harness.queue.turns.getJob(followUp.id))?.getState()).toBe("delayed");

    harness.startWorker(async () => "completed");
    await waitFor(
      async () => ((await harness.queue.turns.getJob(followUp.id))?.finishedOn ? true : undefined),
      10_000,
      "the follow-up to run once the head left",
    );
    await dispatcher.close();
  });

  it("takes over the entries of a dispatcher that died before finishing them", async () => {
    const request = buildRequest("Ev-disp-dead", "1700000600.000002");
    await harness.queue.intake(request);
    // A dispatcher reads the entry and dies: the entry stays pending under its name.
    const redis = harness.redis.redis;
    await redis
      .xgroup("CREATE", harness.keys.intakeStream, DISPATCHER_GROUP, "0", "MKSTREAM")
      .catch(() => {});
    const taken = (await redis.xreadgroup(
      "GROUP",
      DISPATCHER_GROUP,
      "dead-one",
      "COUNT",
      10,
      "STREAMS",
      harness.keys.intakeStream,
      ">",
    )) as unknown[];
    expect(taken).toHaveLength(1);
    await sleep(300);

    const acked: Turn[] = [];
    const survivor = dispatcherRecording(acked, 200);
    await waitFor(
      async () => ((await harness.queue.turns.getJob(request.id)) ? true : undefined),
      10_000,
      "the taken-over job",
    );
    await waitFor(() => (acked.length === 1 ? true : undefined), 5_000, "the acknowledgement");
    // The acknowledgement runs beside the dispatch, so the entry may leave the stream just after it.
    await waitFor(
      async () => ((await redis.xlen(harness.keys.intakeStream)) === 0 ? true : undefined),
      5_000,
      "the taken-over entry to leave the stream",
    );
    expect(acked.map((turn) => turn.id)).toEqual([request.id]);
    await survivor.close();
  });
});
