import { type BudgetBucket, defaultBurst, type RateLimitSpec, type ReplyBudget } from "@baton/core";

/**
 * GitHub's secondary limits on content creation per installation: 80 a minute, 500 an hour.
 * A turn writes there twice when it starts (👀, its working comment) and once when it ends, and
 * turns that start together end together: with a tenth of the minute kept for results (the
 * default), 100 sessions at once emptied it by the time the first wave ended, and two in five
 * results waited 0.7 to 8 s for a token (bench:sessions). A quarter covers that wave. The hour's
 * keeps the default: it refills one write every 7.2 s, so each token it held back for results would
 * be one a start waits long for.
 */
const CONTENT_PER_MINUTE: RateLimitSpec = {
  limit: 80,
  periodMs: 60_000,
  burst: defaultBurst(80),
  finalReserveShare: 0.25,
};
const CONTENT_PER_HOUR: RateLimitSpec = { limit: 500, periodMs: 3_600_000, burst: defaultBurst(500) };
/** What GitHub counts as content creation: every request that writes. */
const CONTENT_METHODS = new Set(["POST", "PATCH", "PUT", "DELETE"]);
/**
 * The App's own routes (`/app/installations/{id}/access_tokens`: an installation's token) write
 * nothing of a repository's. Counted as content, the token request Octokit makes before the first
 * request of an installation, and every hour after, spent the installation's writes and waited in
 * its line of writes, and every request of the installation, reads included, waited with it.
 */
const APP_ROUTE = /^(?:[a-z]+:\/\/[^/]+)?(?:\/api\/v3)?\/app(?:\/|$)/i;

/** Whether GitHub counts a request as content creation. */
function isContentWrite(method: string, url: string): boolean {
  return CONTENT_METHODS.has(method.toUpperCase()) && !APP_ROUTE.test(url);
}

/** Which of GitHub's budgets a request of an installation draws on. */
export interface GithubBudgets {
  readonly replyBudget: ReplyBudget;
  /**
   * The minute's and the hour's content budgets for a request that writes content (`url`: its
   * route or URL); none for a read or the App's own routes.
   */
  bucketsOf(installationId: number, method: string, url: string): BudgetBucket[];
  /**
   * What a progress edit (a comment edit) spends, all taken before the edit goes: the hour's
   * budget first (the scarcer: a wait there, given up when the turn ends, has spent nothing yet),
   * then the minute's.
   */
  progressBuckets(installationId: number): BudgetBucket[];
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
    bucketsOf: (installationId, method, url) =>
      isContentWrite(method, url) ? [minute(installationId), hour(installationId)] : [],
    progressBuckets: (installationId) => [hour(installationId), minute(installationId)],
  };
}

/**
 * How long a refused GitHub answer asks Baton to wait, in milliseconds: its `retry-after` (a
 * secondary limit), else, when the primary limit is spent (`x-ratelimit-remaining: 0`), until
 * `x-ratelimit-reset`; null when it asks for no wait.
 */
export function githubRetryAfterMs(error: unknown, now = Date.now()): number | null {
  const { status, response } = (error ?? {}) as {
    status?: number;
    response?: { headers?: Record<string, string | undefined> };
  };
  if (status !== 403 && status !== 429) return null;
  const headers = response?.headers ?? {};
  const seconds = Number(headers["retry-after"]);
  if (headers["retry-after"] !== undefined && Number.isFinite(seconds)) return seconds * 1000;
  const resetAt = Number(headers["x-ratelimit-reset"]) * 1000;
  return headers["x-ratelimit-remaining"] === "0" && Number.isFinite(resetAt)
    ? Math.max(0, resetAt - now)
    : null;
}
