// Platform rate limits as budgets shared by every worker (see docs/operations.md#rate-limits).
export { defaultBurst, parseRateLimits } from "./parse-rate-limits.js";
export {
  type BudgetBucket,
  type BudgetClaim,
  createRateBudget,
  FINAL_RESERVE_SHARE,
  PROGRESS_RESERVE_SHARE,
  type RateBudget,
  type RateBudgetObserver,
  type RateBudgetOptions,
  type RateLimitSpec,
} from "./rate-budget.js";
export {
  createReplyBudget,
  prepaidProgress,
  type ReplyBudget,
  type ReplyBudgetOptions,
} from "./reply-budget.js";
export { FINAL_REPLY, progressReply, type ReplyClaim, URGENT_REPLY } from "./reply-claim.js";
