import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildRequest } from "./fixtures/build-request.js";
import { createQueueHarness, type QueueHarness, sleep, waitFor } from "./fixtures/queue-harness.js";

describe("intake dedupes by delivery id", () => {
  let harness: QueueHarness;
  beforeEach(async () => {
    harness = await createQueueHarness("dedupe");
  });
  afterEach(() => harness.close());

  it("gives one turn for the same delivery enqueued ten times at once", async () => {
    const ran: string[] = [];
    harness.startWorker(async (turn) => {
      ran.push(turn.id);
      return "completed";
    });
    const request = buildRequest("Ev-dup-1", "1700000000.000100");
    const results = await Promise.all(Array.from({ length: 10 }, () => harness.queue.intake(request)));

    expect(results.filter((r) => r.kind === "accepted")).toHaveLength(1);
    expect(results.filter((r) => r.kind === "duplicate")).toHaveLength(9);
    await waitFor(() => (ran.length > 0 ? true : undefined), 10_000, "the turn to run");
    await sleep(500);
    expect(ran).toEqual([request.id]);
    // A retry after the turn finished is still a duplicate and queues nothing.
    expect(await harness.queue.intake(request)).toMatchObject({ kind: "duplicate", requeued: false });
    await sleep(300);
    expect(ran).toHaveLength(1);
  });

  it("re-queues a claimed delivery whose intake entry was lost", async () => {
    const request = buildRequest("Ev-lost-job", "1700000000.000200");
    // Simulate a crash after the claim: the claim and the turn exist, but no stream entry or job.
    await harness.stopDispatcher();
    await harness.queue.intake(request);
    await harness.redis.redis.del(harness.keys.intakeStream);
    expect(await harness.queue.turns.getJob(request.id)).toBeUndefined();

    harness.restartDispatcher();
    const retry = await harness.queue.intake(request);
    expect(retry).toEqual({ kind: "duplicate", turnId: request.id, requeued: true });
    const ran: string[] = [];
    harness.startWorker(async (turn) => {
      ran.push(turn.id);
      return "completed";
    });
    await waitFor(() => (ran.length > 0 ? true : undefined), 10_000, "the re-queued turn to run");
    expect(ran).toEqual([request.id]);
  });
});
