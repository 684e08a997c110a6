import { conversationKey, type TurnRunner } from "@baton/core";
import { readTurnRecord } from "@baton/queue";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildRequest } from "./fixtures/build-request.js";
import { createQueueHarness, type QueueHarness, waitFor } from "./fixtures/queue-harness.js";

/** The worker reads a turn's stop mark in the step that enters it, and hears stops from then on. */
describe("a stop and the step that enters a turn", () => {
  let harness: QueueHarness;
  beforeEach(async () => {
    harness = await createQueueHarness("stop-entry");
  });
  afterEach(() => harness.close());

  /** Records how each turn's run began and ended; waits for `release` before ending. */
  function observingRunner(release: Promise<void>) {
    const runs: Array<{ turnId: string; stoppedAtStart: boolean; ended?: boolean; endedBy?: unknown }> = [];
    const runTurn: TurnRunner = async (turn, { signal }) => {
      const run: (typeof runs)[number] = { turnId: turn.id, stoppedAtStart: signal.aborted };
      runs.push(run);
      if (!signal.aborted)
        await Promise.race([release, new Promise((resolve) => signal.addEventListener("abort", resolve))]);
      run.ended = true;
      run.endedBy = signal.reason;
      return signal.aborted ? "stopped" : "completed";
    };
    return { runs, runTurn };
  }

  /** A worker whose turns run until a stop or `finish()`, observed by `observingRunner`. */
  function startHeldWorker() {
    let finish = () => {};
    const { runs, runTurn } = observingRunner(
      new Promise<void>((resolve) => {
        finish = resolve;
      }),
    );
    harness.startWorker(runTurn);
    return { runs, finish: () => finish() };
  }

  it("a retry of a turn stopped while its worker was gone starts stopped", async () => {
    const request = buildRequest("Ev-stop-entry-1", "1700000900.000001");
    const key = conversationKey(request.conversation);
    await harness.queue.intake(request);
    await waitFor(async () => ((await harness.queue.turns.getJob(request.id)) ? true : undefined));
    // As the stop script leaves a running turn whose worker died: marked, its lock lapsed.
    await harness.redis.redis.hset(
      harness.keys.turn(key, request.id),
      "status",
      "running",
      "stopRequested",
      "1",
    );

    const { runs, runTurn } = observingRunner(new Promise(() => {}));
    harness.startWorker(runTurn);
    await waitFor(async () =>
      (await readTurnRecord(harness.redis.redis, harness.keys, key, request.id))?.status === "stopped"
        ? true
        : undefined,
    );
    expect(runs).toEqual([{ turnId: request.id, stoppedAtStart: true, ended: true, endedBy: "stopped" }]);
  });

  it("a stop sent while the turn runs reaches it, and a turn without a stop runs to its end", async () => {
    const { runs, finish } = startHeldWorker();
    const stopped = buildRequest("Ev-stop-entry-2", "1700000900.000002");
    const untouched = buildRequest("Ev-stop-entry-3", "1700000900.000003");
    await harness.queue.intake(stopped);
    await harness.queue.intake(untouched);
    await waitFor(() => (runs.length === 2 ? true : undefined));
    expect((await harness.queue.stop(conversationKey(stopped.conversation))).stoppedTurnId).toBe(stopped.id);
    await waitFor(() => (runs.find((r) => r.turnId === stopped.id)?.ended ? true : undefined));
    finish();
    await waitFor(() => (runs.every((r) => r.ended) ? true : undefined));
    expect(runs.find((r) => r.turnId === stopped.id)).toMatchObject({
      stoppedAtStart: false,
      endedBy: "stopped",
    });
    expect(runs.find((r) => r.turnId === untouched.id)).toMatchObject({
      stoppedAtStart: false,
      endedBy: undefined,
    });
  });

  it("a stop that keeps a turn queued behind the running one drops the others, and the kept turn runs next", async () => {
    const { runs, finish } = startHeldWorker();
    // One thread: the running turn, one queued behind it, and the change of target's, queued last.
    const running = buildRequest("Ev-stop-keep-1", "1700000900.000010");
    const queued = buildRequest("Ev-stop-keep-2", "1700000900.000010");
    const kept = buildRequest("Ev-stop-keep-3", "1700000900.000010");
    const key = conversationKey(running.conversation);
    await harness.queue.intake(running);
    await waitFor(() => (runs.length === 1 ? true : undefined));
    await harness.queue.intake(queued);
    await harness.queue.intake(kept);

    const result = await harness.queue.stop(key, { keep: kept.id });
    expect(result).toEqual({ stoppedTurnId: running.id, cancelledTurnIds: [queued.id] });
    await waitFor(() => (runs.length === 2 ? true : undefined));
    finish();
    await waitFor(() => (runs.every((r) => r.ended) ? true : undefined));
    expect(runs.map((r) => [r.turnId, r.endedBy])).toEqual([
      [running.id, "stopped"],
      [kept.id, undefined],
    ]);
    expect((await readTurnRecord(harness.redis.redis, harness.keys, key, queued.id))?.status).toBe(
      "cancelled",
    );
  });

  it("a stop that keeps the turn which already runs (the one ahead ended first) stops nothing", async () => {
    const { runs, finish } = startHeldWorker();
    const kept = buildRequest("Ev-stop-keep-4", "1700000900.000011");
    await harness.queue.intake(kept);
    await waitFor(() => (runs.length === 1 ? true : undefined));

    const result = await harness.queue.stop(conversationKey(kept.conversation), { keep: kept.id });
    expect(result).toEqual({ stoppedTurnId: null, cancelledTurnIds: [] });
    finish();
    await waitFor(() => (runs[0]?.ended ? true : undefined));
    expect(runs).toEqual([{ turnId: kept.id, stoppedAtStart: false, ended: true, endedBy: undefined }]);
  });
});
