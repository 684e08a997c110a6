import type { ReplyBudget } from "@baton/core";
import { describe, expect, it } from "vitest";
import { createGithubBudgets, githubRetryAfterMs } from "./github-budgets.js";

const replyBudget = { limit: (_name: string, published: unknown) => published } as unknown as ReplyBudget;

describe("GitHub's budgets", () => {
  it("charges writes, per installation, against the minute's and the hour's content limits; reads against none", () => {
    const budgets = createGithubBudgets(replyBudget);
    const comments = "/repos/{owner}/{repo}/issues/{issue_number}/comments";
    expect(budgets.bucketsOf(7, "GET", comments)).toEqual([]);
    const [minute, hour] = budgets.bucketsOf(
      7,
      "patch",
      "/repos/{owner}/{repo}/issues/comments/{comment_id}",
    );
    expect(minute).toMatchObject({ id: "github:7:content-minute", limit: { limit: 80, periodMs: 60_000 } });
    expect(hour).toMatchObject({ id: "github:7:content-hour", limit: { limit: 500, periodMs: 3_600_000 } });
    // A turn's start and its end both write: the minute keeps a quarter for results, the hour the default.
    expect(minute?.limit.finalReserveShare).toBe(0.25);
    expect(hour?.limit.finalReserveShare).toBeUndefined();
    expect(budgets.bucketsOf(8, "POST", comments)[0]?.id).toBe("github:8:content-minute");
    // An installation's token is the App's own route, written as a route or as a URL (GHES too).
    for (const tokens of [
      "/app/installations/{installation_id}/access_tokens",
      "https://api.github.com/app/installations/8/access_tokens",
      "https://github.example.com/api/v3/app/installations/8/access_tokens",
    ])
      expect(budgets.bucketsOf(8, "POST", tokens)).toEqual([]);
    expect(budgets.bucketsOf(8, "POST", "/repos/acme/app/issues/1/comments")).toHaveLength(2);
  });

  it("has a progress edit take both of a write's budgets, the hour's first", () => {
    const budgets = createGithubBudgets(replyBudget);
    expect(budgets.progressBuckets(7).map((bucket) => bucket.id)).toEqual([
      "github:7:content-hour",
      "github:7:content-minute",
    ]);
  });

  it("reads the wait from retry-after, else from a spent primary limit's reset", () => {
    const refused = (status: number, headers: Record<string, string>) => ({ status, response: { headers } });
    expect(githubRetryAfterMs(refused(403, { "retry-after": "60" }))).toBe(60_000);
    expect(githubRetryAfterMs(refused(429, { "retry-after": "0" }))).toBe(0);
    const now = Date.UTC(2026, 0, 1);
    expect(
      githubRetryAfterMs(
        refused(403, { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(now / 1000 + 90) }),
        now,
      ),
    ).toBe(90_000);
    expect(githubRetryAfterMs(refused(403, { "x-ratelimit-remaining": "12" }))).toBeNull();
    expect(githubRetryAfterMs(refused(404, { "retry-after": "5" }))).toBeNull();
  });
});
