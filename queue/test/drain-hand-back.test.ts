import {
  type AgentBackend,
  conversationKey,
  createClassifier,
  createSessionStore,
  createTranscriptStore,
  createTurnRunner,
  EMPTY_CATALOG,
  type Replier,
  silentLogger,
  TransientError,
  type Turn,
} from "@baton/core";
import { readTurnRecord } from "@baton/queue";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildRequest } from "./fixtures/build-request.js";
import { createQueueHarness, type QueueHarness, waitFor } from "./fixtures/queue-harness.js";

// A worker that shuts down hands its running turns back, whichever try they are on.
describe("a shutdown during a turn's last try", () => {
  let harness: QueueHarness;
  beforeEach(async () => {
    harness = await createQueueHarness("drain-last-try", { attempts: 2, backoffMs: 50 });
  });
  afterEach(() => harness.close());

  it("hands the turn back uncounted, and the next worker answers it", async () => {
    const seen: string[] = [];
    const replier: Replier = {
      acknowledge: async () => {},
      working: async () => {},
      progress: async () => {},
      ask: async () => {},
      declined: async () => {},
      result: async () => void seen.push("result"),
      failed: async (_turn, error) => void seen.push(`failed: ${error.message}`),
    };
    let runs = 0;
    const backend: AgentBackend = {
      name: "scripted",
      async *run(_turn, signal) {
        runs += 1;
        // The first try fails on a blip; the second, the last, runs until its worker shuts down;
        // the third, on the next worker, finishes.
        if (runs === 1) throw new TransientError("backend_unavailable", "blip");
        if (runs === 2) await new Promise((resolve) => signal.addEventListener("abort", resolve));
        yield { type: "done", summary: "fixed" };
      },
      async stop() {},
    };
    const runTurn = createTurnRunner({
      sessions: createSessionStore({ redis: harness.redis.redis, keys: harness.keys }),
      transcripts: createTranscriptStore({ redis: harness.redis.redis, keys: harness.keys }),
      classifier: createClassifier({ catalog: EMPTY_CATALOG, logger: silentLogger }),
      backend,
      repliers: { slack: replier },
      logger: silentLogger,
    });
    const abandoned: Turn[] = [];
    const onAbandoned = async (turn: Turn) => void abandoned.push(turn);
    const request = buildRequest("Ev-drain-last-try", "1700009100.000001");
    const key = conversationKey(request.conversation);
    const first = harness.startWorker(runTurn, { onAbandoned });
    await harness.queue.intake(request);
    await waitFor(() => (runs === 2 ? true : undefined), 10_000, "the last try");

    await first.drain(200); // SIGTERM, with a grace shorter than the turn

    const job = await harness.queue.turns.getJob(request.id);
    expect(await job?.getState()).toMatch(/^(delayed|waiting|prioritized)$/);
    expect(job?.attemptsMade).toBe(1); // the blip's; the shutdown is nobody's failure
    expect((await readTurnRecord(harness.redis.redis, harness.keys, key, request.id))?.status).not.toBe(
      "failed",
    );
    expect(seen).toEqual([]);

    harness.startWorker(runTurn, { onAbandoned });
    await waitFor(() => (seen.length > 0 ? true : undefined), 10_000, "the answer");
    expect(seen).toEqual(["result"]);
    expect(abandoned).toEqual([]);
  });
});
