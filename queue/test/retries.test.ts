import {
  type AgentBackend,
  type AgentEvent,
  createClassifier,
  createSessionStore,
  createTranscriptStore,
  createTurnRunner,
  EMPTY_CATALOG,
  type Replier,
  silentLogger,
  TransientError,
} from "@baton/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildRequest } from "./fixtures/build-request.js";
import { createQueueHarness, type QueueHarness, waitFor } from "./fixtures/queue-harness.js";

/** A replier that records what the person would see. */
function recordingReplier() {
  const seen: Array<{ kind: string; turnId: string; text?: string }> = [];
  const replier: Replier = {
    acknowledge: async (turn) => void seen.push({ kind: "ack", turnId: turn.id }),
    working: async (turn) => void seen.push({ kind: "working", turnId: turn.id }),
    progress: async () => {},
    ask: async (turn) => void seen.push({ kind: "ask", turnId: turn.id }),
    result: async (turn, outcome) =>
      void seen.push({ kind: "result", turnId: turn.id, text: outcome.summary }),
    failed: async (turn, error) => void seen.push({ kind: "failed", turnId: turn.id, text: error.message }),
    declined: async (turn, reason) => void seen.push({ kind: "declined", turnId: turn.id, text: reason }),
  };
  return { replier, seen };
}

function scriptedBackend(
  script: (attempt: number) => AgentEvent[] | Error,
): AgentBackend & { attemptTimes: number[] } {
  const attemptTimes: number[] = [];
  return {
    name: "scripted",
    attemptTimes,
    async *run() {
      attemptTimes.push(Date.now());
      const step = script(attemptTimes.length);
      if (step instanceof Error) throw step;
      yield* step;
    },
    async stop() {},
  };
}

describe("failures", () => {
  let harness: QueueHarness;
  beforeEach(async () => {
    harness = await createQueueHarness("retry", { attempts: 4, backoffMs: 100 });
  });
  afterEach(() => harness.close());

  function runnerFor(backend: AgentBackend, replier: Replier) {
    return createTurnRunner({
      sessions: createSessionStore({ redis: harness.redis.redis, keys: harness.keys }),
      transcripts: createTranscriptStore({ redis: harness.redis.redis, keys: harness.keys }),
      classifier: createClassifier({ catalog: EMPTY_CATALOG, logger: silentLogger }),
      backend,
      repliers: { slack: replier },
      logger: silentLogger,
    });
  }

  it("retries transient failures with growing delays, then answers once", async () => {
    const backend = scriptedBackend((attempt) =>
      attempt < 3
        ? Object.assign(new Error("upstream answered 503"), { status: 503 })
        : [{ type: "done", summary: "fixed it" }],
    );
    const { replier, seen } = recordingReplier();
    harness.startWorker(runnerFor(backend, replier));
    const request = buildRequest("Ev-transient", "1700000100.000001");
    await harness.queue.intake(request);

    await waitFor(() => seen.find((s) => s.kind === "result"), 20_000, "the result");
    expect(backend.attemptTimes).toHaveLength(3);
    const [first, second, third] = backend.attemptTimes as [number, number, number];
    // Exponential backoff of 100 ms with jitter: the second wait is the longer one on average; at
    // least each wait is not shorter than half its nominal delay.
    expect(second - first).toBeGreaterThanOrEqual(50);
    expect(third - second).toBeGreaterThanOrEqual(100);
    expect(seen.filter((s) => s.kind === "result")).toEqual([
      { kind: "result", turnId: request.id, text: "fixed it" },
    ]);
    expect(seen.filter((s) => s.kind === "failed")).toEqual([]);
  });

  it("fails a permanent error at once, with a message for the person", async () => {
    const backend = scriptedBackend(() => [
      { type: "error", message: "repository acme/nope does not exist", retryable: false },
    ]);
    const { replier, seen } = recordingReplier();
    harness.startWorker(runnerFor(backend, replier));
    const request = buildRequest("Ev-permanent", "1700000100.000002");
    await harness.queue.intake(request);

    const failure = await waitFor(() => seen.find((s) => s.kind === "failed"), 10_000, "the failure reply");
    expect(failure.text).toContain("repository acme/nope does not exist");
    expect(backend.attemptTimes).toHaveLength(1);
  });

  it("gives up after the last try with a visible failure, and lets the next turn run", async () => {
    const backend = scriptedBackend((attempt) =>
      attempt <= 4
        ? new TransientError("backend_unavailable", "backend timed out")
        : [{ type: "done", summary: "second turn done" }],
    );
    const { replier, seen } = recordingReplier();
    harness.startWorker(runnerFor(backend, replier));
    const first = buildRequest("Ev-gives-up-1", "1700000100.000003", "first");
    const second = buildRequest("Ev-gives-up-2", "1700000100.000003", "second");
    await harness.queue.intake(first);
    await harness.queue.intake(second);

    await waitFor(() => seen.find((s) => s.kind === "result"), 20_000, "the second turn's result");
    expect(backend.attemptTimes).toHaveLength(5);
    expect(seen.filter((s) => s.kind === "failed")).toEqual([
      { kind: "failed", turnId: first.id, text: expect.stringContaining("try again") },
    ]);
    expect(seen.find((s) => s.kind === "result")?.turnId).toBe(second.id);
  });
});
