import { type BudgetBucket, defaultBurst, type RateLimitSpec, type ReplyBudget } from "@baton/core";

/** GitHub's secondary limits on content creation per installation: 80 a minute, 500 an hour. */
const CONTENT_PER_MINUTE: RateLimitSpec = { limit: 80, periodMs: 60_000, burst: defaultBurst(80) };
const CONTENT_PER_HOUR: RateLimitSpec = { limit: 500, periodMs: 3_600_000, burst: defaultBurst(500) };
/** What GitHub counts as content creation: every request that writes. */
const CONTENT_METHODS = new Set(["POST", "PATCH", "PUT", "DELETE"]);

/** Which of GitHub's budgets a request of an installation draws on. */
export interface GithubBudgets {
  readonly replyBudget: ReplyBudget;
  /** The minute's and the hour's content budgets for a writing request; none for a read. */
  bucketsOf(installationId: number, method: string): BudgetBucket[];
  /** What a progress edit (a comment edit) spends first: the minute's budget. */
  progressBucket(installationId: number): BudgetBucket;
}

export function createGithubBudgets(replyBudget: ReplyBudget): GithubBudgets {
  const perMinute = replyBudget.limit("github:content-minute", CONTENT_PER_MINUTE);
  const perHour = replyBudget.limit("github:content-hour", CONTENT_PER_HOUR);
  const minute = (installationId: number): BudgetBucket => ({
    id: `github:${installationId}:content-minute`,
    name: "github:content-minute",
    platform: "github",
    limit: perMinute,
  });
  const hour = (installationId: number): BudgetBucket => ({
    id: `github:${installationId}:content-hour`,
    name: "github:content-hour",
    platform: "github",
    limit: perHour,
  });
  return {
    replyBudget,
    bucketsOf: (installationId, method) =>
      CONTENT_METHODS.has(method.toUpperCase()) ? [minute(installationId), hour(installationId)] : [],
    progressBucket: minute,
  };
}

/** `retry-after` of a refused GitHub answer, in milliseconds; null when it carries none. */
export function githubRetryAfterMs(error: unknown): number | null {
  const { status, response } = (error ?? {}) as {
    status?: number;
    response?: { headers?: Record<string, string | undefined> };
  };
  if (status !== 403 && status !== 429) return null;
  const seconds = Number(response?.headers?.["retry-after"]);
  return Number.isFinite(seconds) ? seconds * 1000 : null;
}
