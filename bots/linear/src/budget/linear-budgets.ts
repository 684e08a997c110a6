import { createHash } from "node:crypto";
import { type BudgetBucket, defaultBurst, type RateLimitSpec, type ReplyBudget } from "@baton/core";

/** Linear's request limit per API key: 1,500 an hour (an OAuth app's token: 1,200). */
const API_KEY_REQUESTS: RateLimitSpec = { limit: 1_500, periodMs: 3_600_000, burst: defaultBurst(1_500) };
const OAUTH_REQUESTS: RateLimitSpec = { limit: 1_200, periodMs: 3_600_000, burst: defaultBurst(1_200) };

export interface LinearBudgets {
  readonly replyBudget: ReplyBudget;
  /** The request budget of the token a workspace's calls use. */
  bucketOf(organizationId: string): BudgetBucket;
}

/**
 * Linear counts requests per token. An API key is one token for its one workspace; an OAuth app
 * has a token per workspace. Buckets are named by a hash, so that no token is kept in Redis or a
 * metric.
 */
export function createLinearBudgets(
  replyBudget: ReplyBudget,
  credentials: { kind: "api_key"; apiKey: string } | { kind: "oauth" },
): LinearBudgets {
  const limit = replyBudget.limit(
    "linear:requests",
    credentials.kind === "api_key" ? API_KEY_REQUESTS : OAUTH_REQUESTS,
  );
  const hash = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16);
  const keyHash = credentials.kind === "api_key" ? hash(credentials.apiKey) : undefined;
  return {
    replyBudget,
    bucketOf: (organizationId) => ({
      id: `linear:${keyHash ?? hash(`oauth:${organizationId}`)}`,
      name: "linear:requests",
      platform: "linear",
      limit,
    }),
  };
}
