import type { RateLimitSpec, ReplyBudget } from "@baton/core";
import { describe, expect, it } from "vitest";
import { createSlackBudgets } from "./slack-budgets.js";

function replyBudget(overrides: Record<string, RateLimitSpec> = {}): ReplyBudget {
  return {
    limit: (name: string, published: RateLimitSpec) => overrides[name] ?? published,
  } as unknown as ReplyBudget;
}

describe("Slack's budgets", () => {
  it("charges assistant.threads.setStatus per channel, about one a second, like chat.postMessage", () => {
    const budgets = createSlackBudgets({ replyBudget: replyBudget(), teamId: "T1" });
    const [status] = budgets.bucketsOf("assistant.threads.setStatus", () => "C1");
    expect(status).toEqual({
      id: "slack:T1:assistant.threads.setStatus:C1",
      name: "slack:assistant.threads.setStatus",
      platform: "slack",
      limit: { limit: 1, periodMs: 1_000, burst: 2 },
    });
    // The replier's progress gate draws on the same bucket as the call itself.
    expect(budgets.statusBucket("C1")).toEqual(status);
    expect(budgets.statusBucket("C2").id).toBe("slack:T1:assistant.threads.setStatus:C2");
    expect(budgets.bucketsOf("assistant.threads.setStatus", () => undefined)).toEqual([]);
    expect(budgets.bucketsOf("chat.postMessage", () => "C1")[0]?.id).toBe("slack:T1:chat.postMessage:C1");
    // chat.update stays a workspace-wide tier 3 method.
    expect(budgets.bucketsOf("chat.update", () => "C1")).toEqual([budgets.progressBucket]);
    expect(budgets.progressBucket).toMatchObject({ id: "slack:T1:chat.update", limit: { limit: 50 } });
  });

  it("takes the operator's limit for the status line from BATON_RATE_LIMITS' slack:assistant.threads.setStatus", () => {
    const mine = { limit: 3, periodMs: 1_000, burst: 3 };
    const budgets = createSlackBudgets({
      replyBudget: replyBudget({
        "slack:assistant.threads.setStatus": mine,
        "slack:tier3": { ...mine, limit: 9 },
      }),
      teamId: "T1",
    });
    expect(budgets.statusBucket("C1").limit).toEqual(mine);
    expect(budgets.bucketsOf("assistant.threads.setStatus", () => "C1")[0]?.limit).toEqual(mine);
  });
});
