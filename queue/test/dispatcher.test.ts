import { silentLogger, type Turn } from "@baton/core";
import { createIntakeDispatcher, DISPATCH_MAX_IN_FLIGHT, DISPATCHER_GROUP } from "@baton/queue";
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

  function dispatcherRecording(acked: Turn[], reclaimIdleMs = 30_000, forgetConsumerIdleMs?: number) {
    return createIntakeDispatcher({
      blocking: harness.redis.connect(),
      redis: harness.redis.redis,
      keys: harness.keys,
      turns: harness.queue.turns,
      acknowledge: async (turn) => void acked.push(turn),
      logger: silentLogger,
      reclaimIdleMs,
      reclaimEveryMs: 100,
      ...(forgetConsumerIdleMs ? { forgetConsumerIdleMs } : {}),
    });
  }

  async function consumerNames(): Promise<string[]> {
    const listed = (await harness.redis.redis.xinfo(
      "CONSUMERS",
      harness.keys.intakeStream,
      DISPATCHER_GROUP,
    )) as unknown[][];
    return listed.map((info) => String(info[info.indexOf("name") + 1]));
  }

  it("forgets the consumers of dispatchers that died holding nothing, and keeps one that holds an entry", async () => {
    const { redis } = harness.redis;
    const stream = harness.keys.intakeStream;
    await redis.xgroup("CREATE", stream, DISPATCHER_GROUP, "0", "MKSTREAM").catch(() => {});
    // Two dispatchers killed: one had taken nothing, one had taken an entry it never finished.
    await redis.xgroup("CREATECONSUMER", stream, DISPATCHER_GROUP, "killed-idle");
    await redis.xadd(stream, "*", "turn", "t_unfinished");
    await redis.xreadgroup("GROUP", DISPATCHER_GROUP, "killed-holding", "COUNT", 1, "STREAMS", stream, ">");
    await sleep(1_100);

    const dispatcher = dispatcherRecording([], 30_000, 1_000);
    try {
      await waitFor(
        async () => ((await consumerNames()).includes("killed-idle") ? undefined : true),
        10_000,
        "the idle consumer to be forgotten",
      );
      // Its entry is taken over only after reclaimIdleMs (30 s here): until then it stays.
      expect(await consumerNames()).toContain("killed-holding");
    } finally {
      await dispatcher.close();
    }
  });

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

  it("keeps at most DISPATCH_MAX_IN_FLIGHT dispatches at once, however many a reclaim finds", async () => {
    const redis = harness.redis.redis;
    const requests = Array.from({ length: DISPATCH_MAX_IN_FLIGHT + 10 }, (_, i) =>
      buildRequest(`Ev-disp-cap-${i}`, `1700000700.${String(i).padStart(6, "0")}`),
    );
    const dead = requests.slice(0, DISPATCH_MAX_IN_FLIGHT / 2 + 5);
    for (const request of dead) await harness.queue.intake(request);
    // A dispatcher took these and died: a reclaim finds them all.
    await redis
      .xgroup("CREATE", harness.keys.intakeStream, DISPATCHER_GROUP, "0", "MKSTREAM")
      .catch(() => {});
    await redis.xreadgroup(
      "GROUP",
      DISPATCHER_GROUP,
      "dead-one",
      "COUNT",
      1000,
      "STREAMS",
      harness.keys.intakeStream,
      ">",
    );
    for (const request of requests.slice(dead.length)) await harness.queue.intake(request);
    await sleep(300);

    // Every dispatch waits at the queue until let go, so that none ends while they are counted.
    let waiting = 0;
    let mostAtOnce = 0;
    let letGo: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    const turns = harness.queue.turns;
    const heldTurns = new Proxy(turns, {
      get(target, property, receiver) {
        if (property !== "add") return Reflect.get(target, property, receiver);
        return async (...args: Parameters<typeof turns.add>) => {
          waiting += 1;
          mostAtOnce = Math.max(mostAtOnce, waiting);
          await gate;
          waiting -= 1;
          return target.add(...args);
        };
      },
    });
    const dispatcher = createIntakeDispatcher({
      blocking: harness.redis.connect(),
      redis,
      keys: harness.keys,
      turns: heldTurns,
      acknowledge: async () => {},
      logger: silentLogger,
      reclaimIdleMs: 200,
      reclaimEveryMs: 100,
    });
    await waitFor(() => (waiting >= DISPATCH_MAX_IN_FLIGHT ? true : undefined), 10_000, "a full dispatcher");
    await sleep(500); // reclaims and reads come round again meanwhile
    expect(mostAtOnce).toBe(DISPATCH_MAX_IN_FLIGHT);
    letGo();
    // Let go, every entry is dispatched (or refused by the intake's limits) and leaves the stream.
    await waitFor(
      async () => ((await redis.xlen(harness.keys.intakeStream)) === 0 ? true : undefined),
      10_000,
      "every entry to leave the stream",
    );
    expect(mostAtOnce).toBe(DISPATCH_MAX_IN_FLIGHT);
    await dispatcher.close();
  });
});
