import { describe, expect, it } from "vitest";
import type { BudgetBucket, BudgetClaim, RateBudget } from "../../src/budget/rate-budget.js";
import { createReplyBudget, prepaidProgress } from "../../src/budget/reply-budget.js";

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
    async giveBack() {},
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
    const paid = prepaidProgress(replyBudget, [statusLine], "slack:C1:1.0", (reply) =>
      replyBudget.beforeRequest([statusLine, edits], reply),
    );
    await paid.gate(new AbortController().signal);
    const own = new AbortController();
    await paid.update(own.signal);

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
    const paid = prepaidProgress(replyBudget, [statusLine], "slack:C1:1.0", (reply) =>
      replyBudget.beforeRequest([edits], reply),
    );
    const own = new AbortController();
    own.abort(new Error("the turn ended"));
    await expect(paid.update(own.signal)).rejects.toThrow("the turn ended");
  });

  it("gives back the tokens it holds when it gives up waiting for a later budget", async () => {
    const givenBack: string[] = [];
    const budget: RateBudget = {
      async take(taken, _claim, signal) {
        // The first budget grants at once; the second has no token before the turn ends.
        if (taken.id !== edits.id) return;
        signal?.throwIfAborted();
        await new Promise((_resolve, reject) =>
          signal?.addEventListener("abort", () => reject(signal.reason), { once: true }),
        );
      },
      async giveBack(bucket) {
        givenBack.push(bucket.id);
      },
      async pause() {},
      async rateLimited() {
        return [];
      },
    };
    const gate = createReplyBudget({ budget }).progressGate([statusLine, edits], "slack:C1:1.0");
    const own = new AbortController();
    const waiting = gate(own.signal);
    own.abort(new Error("the turn ended"));
    await expect(waiting).rejects.toThrow("the turn ended");
    expect(givenBack).toEqual([statusLine.id]);
  });
});
