import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildRequest } from "./fixtures/build-request.js";
import { createQueueHarness, type QueueHarness, sleep, waitFor } from "./fixtures/queue-harness.js";

interface Span {
  thread: string;
  text: string;
  start: number;
  end: number;
}

describe("turns of one conversation run one at a time, in arrival order", () => {
  let harness: QueueHarness;
  beforeEach(async () => {
    harness = await createQueueHarness("order");
  });
  afterEach(() => harness.close());

  it("serialises each conversation while running conversations in parallel", async () => {
    const spans: Span[] = [];
    harness.startWorker(
      async (turn) => {
        const start = Date.now();
        await sleep(60 + Math.random() * 60);
        spans.push({
          thread: turn.request.conversation.platform === "slack" ? turn.request.conversation.threadTs : "",
          text: turn.request.text,
          start,
          end: Date.now(),
        });
        return "completed";
      },
      { concurrency: 8 },
    );
    const threads = ["1700000001.000001", "1700000002.000002", "1700000003.000003", "1700000004.000004"];
    const turnsPerThread = 5;
    for (let i = 0; i < turnsPerThread; i++) {
      for (const thread of threads)
        await harness.queue.intake(buildRequest(`Ev-${thread}-${i}`, thread, `turn ${i}`));
    }
    await waitFor(
      () => (spans.length === threads.length * turnsPerThread ? true : undefined),
      20_000,
      "all turns",
    );

    for (const thread of threads) {
      const ofThread = spans.filter((s) => s.thread === thread);
      expect(ofThread.map((s) => s.text)).toEqual(
        Array.from({ length: turnsPerThread }, (_, i) => `turn ${i}`),
      );
      for (let i = 1; i < ofThread.length; i++) {
        expect(ofThread[i]!.start).toBeGreaterThanOrEqual(ofThread[i - 1]!.end);
      }
    }
    // Different conversations overlapped in time: they did not wait for each other.
    const overlapping = spans.some((a) =>
      spans.some((b) => a.thread !== b.thread && a.start < b.end && b.start < a.end),
    );
    expect(overlapping).toBe(true);
  });

  it("never lets a follow-up overtake a turn that is retrying", async () => {
    const order: string[] = [];
    let failuresLeft = 2;
    const failing = await import("@baton/core");
    harness.startWorker(async (turn) => {
      if (turn.request.text === "first" && failuresLeft-- > 0) {
        throw new failing.TransientError("backend_unavailable", "backend answered 503");
      }
      order.push(turn.request.text);
      return "completed";
    });
    await harness.queue.intake(buildRequest("Ev-r-1", "1700000009.000001", "first"));
    await harness.queue.intake(buildRequest("Ev-r-2", "1700000009.000001", "second"));
    await waitFor(() => (order.length === 2 ? true : undefined), 20_000, "both turns");
    expect(order).toEqual(["first", "second"]);
  });
});
