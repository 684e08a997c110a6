import type { ChildProcess } from "node:child_process";
import { conversationKey, type TurnRunner } from "@baton/core";
import { readTurnRecord } from "@baton/queue";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildRequest } from "./fixtures/build-request.js";
import { createQueueHarness, type QueueHarness, sleep, waitFor } from "./fixtures/queue-harness.js";
import { type ReplySink, startReplySink } from "./fixtures/reply-sink.js";
import { exitOf, spawnWorkerProcess } from "./fixtures/spawn-worker-process.js";

describe("a worker process that dies or is told to stop", () => {
  let harness: QueueHarness;
  let sink: ReplySink;
  const children: ChildProcess[] = [];

  beforeEach(async () => {
    harness = await createQueueHarness("crash", { attempts: 5, backoffMs: 200 });
    sink = await startReplySink();
  });
  afterEach(async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await harness.close();
    await sink.close();
  });

  async function startChild(turnMs: number, graceMs = 5_000): Promise<ChildProcess> {
    const child = spawnWorkerProcess({
      REDIS_URL: harness.redis.url,
      PREFIX: harness.redis.prefix,
      TURN_MS: String(turnMs),
      SINK_URL: sink.url,
      GRACE_MS: String(graceMs),
    });
    children.push(child);
    await waitFor(
      async () =>
        (await harness.redis.redis.lrange(`${harness.redis.prefix}:test:ready`, 0, -1)).includes(
          String(child.pid),
        )
          ? true
          : undefined,
      20_000,
      "the child worker to be ready",
    );
    return child;
  }

  const started = () => harness.redis.redis.lrange(`${harness.redis.prefix}:test:started`, 0, -1);

  /** The same work as the child's turn, done at once, replying to the same sink. */
  const replyingRunner: TurnRunner = async (turn) => {
    await fetch(sink.url, { method: "POST", body: JSON.stringify({ turnId: turn.id, pid: process.pid }) });
    return "completed";
  };

  it("SIGKILL mid-turn loses nothing: a new worker completes the turn and the person gets exactly one reply", async () => {
    const child = await startChild(60_000);
    const request = buildRequest("Ev-kill", "1700000300.000001");
    const next = buildRequest("Ev-kill-next", "1700000300.000001", "follow-up");
    await harness.queue.intake(request);
    await harness.queue.intake(next);
    await waitFor(
      async () => ((await started()).some((s) => s.endsWith(request.id)) ? true : undefined),
      15_000,
      "the turn to start in the child",
    );

    child.kill("SIGKILL");
    expect((await exitOf(child)).signal).toBe("SIGKILL");
    expect(sink.replies).toEqual([]);

    harness.startWorker(replyingRunner);
    await waitFor(() => (sink.replies.length >= 2 ? true : undefined), 30_000, "both turns to be answered");
    await sleep(1_500);
    expect(sink.replies.map((r) => r.turnId)).toEqual([request.id, next.id]);
    const key = conversationKey(request.conversation);
    expect((await readTurnRecord(harness.redis.redis, harness.keys, key, request.id))?.status).toBe(
      "completed",
    );
    expect(await harness.redis.redis.llen(harness.keys.inbox(key))).toBe(0);
  });

  it("a turn BullMQ gives up on (its workers kept dying) leaves the conversation, and the person is told", async () => {
    const child = await startChild(60_000);
    const doomed = buildRequest("Ev-doomed", "1700000350.000001", "doomed");
    const behind = buildRequest("Ev-behind", "1700000350.000001", "behind");
    await harness.queue.intake(doomed);
    await harness.queue.intake(behind);
    await waitFor(
      async () => ((await started()).some((s) => s.endsWith(doomed.id)) ? true : undefined),
      15_000,
      "the doomed turn to start",
    );
    child.kill("SIGKILL");
    await exitOf(child);

    const abandoned: string[] = [];
    // Allowing no stall at all makes this one crash the last straw.
    harness.startWorker(replyingRunner, {
      maxStalledCount: 0,
      onAbandoned: async (turn) => void abandoned.push(turn.id),
    });
    await waitFor(
      () => (sink.replies.some((r) => r.turnId === behind.id) ? true : undefined),
      30_000,
      "the turn behind to run",
    );
    expect(abandoned).toEqual([doomed.id]);
    expect(sink.replies.map((r) => r.turnId)).toEqual([behind.id]);
    const key = conversationKey(doomed.conversation);
    expect((await readTurnRecord(harness.redis.redis, harness.keys, key, doomed.id))?.status).toBe("failed");
  });

  it("SIGTERM drains: the running turn finishes, no new turn is taken, and the process exits 0", async () => {
    const child = await startChild(1_500);
    const running = buildRequest("Ev-term-1", "1700000400.000001");
    await harness.queue.intake(running);
    await waitFor(
      async () => ((await started()).some((s) => s.endsWith(running.id)) ? true : undefined),
      15_000,
      "the turn to start",
    );

    child.kill("SIGTERM");
    await sleep(100);
    const arrivedLater = buildRequest("Ev-term-2", "1700000400.000002");
    await harness.queue.intake(arrivedLater);

    const exit = await exitOf(child);
    expect(exit.code).toBe(0);
    expect(sink.replies).toEqual([{ turnId: running.id, pid: child.pid }]);
    expect((await started()).some((s) => s.endsWith(arrivedLater.id))).toBe(false);

    // The turn that arrived during the drain waits for the next worker, and is not lost.
    harness.startWorker(replyingRunner);
    await waitFor(
      () => (sink.replies.some((r) => r.turnId === arrivedLater.id) ? true : undefined),
      15_000,
      "the later turn",
    );
  });

  it("SIGTERM with a turn longer than the grace period hands it back to the queue", async () => {
    const child = await startChild(60_000, 300);
    const long = buildRequest("Ev-term-long", "1700000500.000001");
    await harness.queue.intake(long);
    await waitFor(
      async () => ((await started()).some((s) => s.endsWith(long.id)) ? true : undefined),
      15_000,
      "the turn to start",
    );

    child.kill("SIGTERM");
    expect((await exitOf(child)).code).toBe(0);
    expect(sink.replies).toEqual([]);

    harness.startWorker(replyingRunner);
    await waitFor(() => (sink.replies.length > 0 ? true : undefined), 20_000, "the handed-back turn");
    expect(sink.replies.map((r) => r.turnId)).toEqual([long.id]);
  });
});
