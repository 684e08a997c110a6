import { describe, expect, it } from "vitest";
import { parseRateLimits } from "../../src/budget/parse-rate-limits.js";
import type { RateBudget, RateLimitSpec } from "../../src/budget/rate-budget.js";
import { createReplyBudget } from "../../src/budget/reply-budget.js";

const unusedBudget = {} as RateBudget;

describe("the reply budget's limits", () => {
  const published: RateLimitSpec = { limit: 80, periodMs: 60_000, burst: 72, finalReserveShare: 0.25 };

  it("is the published limit unless the operator set one", () => {
    const replyBudget = createReplyBudget({ budget: unusedBudget, overrides: new Map() });
    expect(replyBudget.limit("github:content-minute", published)).toEqual(published);
  });

  it("takes the operator's figures and keeps the share the budget keeps for turns' ends", () => {
    const overrides = new Map([["github:content-minute", { limit: 40, periodMs: 60_000, burst: 10 }]]);
    const replyBudget = createReplyBudget({ budget: unusedBudget, overrides });
    expect(replyBudget.limit("github:content-minute", published)).toEqual({
      limit: 40,
      periodMs: 60_000,
      burst: 10,
      finalReserveShare: 0.25,
    });
    const hourly: RateLimitSpec = { limit: 500, periodMs: 3_600_000, burst: 450 };
    expect(replyBudget.limit("github:content-hour", hourly)).toEqual(hourly);
  });

  it("takes the operator's share for turns' ends where one is set (BATON_RATE_LIMITS' final=N%)", () => {
    const overrides = parseRateLimits("github:content-minute=80/m:72:final=40%");
    const replyBudget = createReplyBudget({ budget: unusedBudget, overrides });
    expect(replyBudget.limit("github:content-minute", published)).toEqual({
      ...published,
      finalReserveShare: 0.4,
    });
  });
});
