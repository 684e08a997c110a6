import { describe, expect, it } from "vitest";
import type { BudgetBucket, BudgetClaim, RateBudget } from "../../src/budget/rate-budget.js";
import { createReplyBudget, prepaidProgress } from "../../src/budget/reply-budget.js";
import { runWithClaim } from "../../src/budget/reply-claim-context.js";
import { createBeat } from "../../src/clock/create-beat.js";
import { createProgressThrottle } from "../../src/replies/progress-throttle.js";

const bucket = (id: string): BudgetBucket => ({
  id,
  name: id,
  platform: "slack",
  limit: { limit: 50, periodMs: 60_000, burst: 45 },
});

/** A budget that grants at once and records each take: which bucket, as whom, until what. */
function recordingBudget() {
  const takes: Array<{ bucket: string; claim: BudgetClaim; signal?: AbortSignal }> = [];
  const budget: RateBudget = {
    async take(taken, claim, signal) {
      signal?.throwIfAborted();
      takes.push({ bucket: taken.id, claim, ...(signal ? { signal } : {}) });
    },
    async pause() {},
    async rateLimited() {
      return [];
    },
  };
  return { budget, takes };
}

describe("a progress update paid for before it goes", () => {
  const statusLine = bucket("slack:T1:setStatus:C1");
  const edits = bucket("slack:T1:chat.update");

  it("spends its prepaid token, and waits as its own session's progress for anything else", async () => {
    const { budget, takes } = recordingBudget();
    const replyBudget = createReplyBudget({ budget });
    const paid = prepaidProgress(replyBudget, [statusLine], "slack:C1:1.0", () =>
      replyBudget.beforeRequest([statusLine, edits]),
    );
    await paid.gate(new AbortController().signal);
    const own = new AbortController();
    // Whatever context an update runs in (here another turn's result, whose wait was given
    // up), it spends as its own session's progress.
    const elsewhere = new AbortController();
    elsewhere.abort(new Error("that turn ended"));
    await runWithClaim({ priority: "final" }, () => paid.update(own.signal), elsewhere.signal);

    expect(takes).toEqual([
      {
        bucket: statusLine.id,
        claim: { priority: "progress", session: "slack:C1:1.0" },
        signal: expect.anything(),
      },
      { bucket: edits.id, claim: { priority: "progress", session: "slack:C1:1.0" }, signal: own.signal },
    ]);
  });

  it("gives up what it waits for when its own signal aborts", async () => {
    const { budget } = recordingBudget();
    const replyBudget = createReplyBudget({ budget });
    const paid = prepaidProgress(replyBudget, [statusLine], "slack:C1:1.0", () =>
      replyBudget.beforeRequest([edits]),
    );
    const own = new AbortController();
    own.abort(new Error("the turn ended"));
    await expect(paid.update(own.signal)).rejects.toThrow("the turn ended");
  });

  it("goes out as itself from a beat armed by another reply whose wait was given up", async () => {
    const { budget, takes } = recordingBudget();
    const replyBudget = createReplyBudget({ budget });
    const beat = createBeat({ tickMs: 10, earlyMs: 0 });
    const elsewhere = new AbortController();
    elsewhere.abort(new Error("that turn ended"));
    // The beat's next tick is armed inside another turn's result (before the beat ran its ticks
    // in its own context, every later tick ran in that result's, aborted signal and all).
    runWithClaim({ priority: "final" }, () => beat.after(1, () => {}), elsewhere.signal);
    const errors: unknown[] = [];
    const throttle = createProgressThrottle({ minIntervalMs: 30, beat, onError: (e) => errors.push(e) });
    throttle.markEdited("turn-1");
    let sent!: () => void;
    const wasSent = new Promise<void>((resolve) => {
      sent = resolve;
    });
    const paid = prepaidProgress(replyBudget, [statusLine], "slack:C1:1.0", async () => {
      await replyBudget.beforeRequest([edits]);
      sent();
    });
    runWithClaim({ priority: "progress", session: "slack:C1:1.0" }, () =>
      throttle.push("turn-1", paid.update, paid.gate),
    );
    // Long enough for a loaded machine's tick; a run that sends nothing fails on the takes below.
    let giveUp: NodeJS.Timeout | undefined;
    await Promise.race([wasSent, new Promise((resolve) => (giveUp = setTimeout(resolve, 5_000)))]);
    clearTimeout(giveUp);

    expect(errors).toEqual([]);
    expect(takes.map(({ bucket, claim }) => ({ bucket, claim }))).toEqual([
      { bucket: statusLine.id, claim: { priority: "progress", session: "slack:C1:1.0" } },
      { bucket: edits.id, claim: { priority: "progress", session: "slack:C1:1.0" } },
    ]);
  });
});
