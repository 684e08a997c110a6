import type { ReplyClaim } from "@baton/core";
import type { WebClientOptions } from "@slack/web-api";
import type { SlackBudgets } from "./budget/slack-budgets.js";
import { createSlackFetch } from "./create-slack-fetch.js";

/** Slack's Web API retries: a few quick ones here (429s wait their Retry-After); longer outages are the turn's retries' job. */
export const SLACK_CLIENT_RETRY_CONFIG = { retries: 3, factor: 2, minTimeout: 500, maxTimeout: 5_000 };
/** A Slack call that hangs must not hold a turn (or an acknowledgement slot) for ever. */
export const SLACK_REQUEST_TIMEOUT_MS = 10_000;
/**
 * WebClient's queue, with a budget: far more calls than Slack could take at once, because what
 * paces them is the budget, and its waits happen inside the queue. At WebClient's default of 100,
 * a hundred calls waiting for one tier 3 method's allowance (the 👀 of a hundred new mentions, say)
 * filled it, and every other call of the workspace queued behind them: a turn's status line and
 * its result, whose own budgets had room, waited tens of seconds.
 */
export const SLACK_BUDGETED_REQUEST_CONCURRENCY = 100_000;

/** The options of Baton's Slack WebClient (Bolt's `clientOptions`): its fetch, retries, and queue. */
export function slackClientOptions({
  apiUrl,
  budgets,
  replyOf,
  send,
}: {
  apiUrl: string | undefined;
  budgets: SlackBudgets | undefined;
  /** The reply the client's calls are made for now (a client of `SlackReplyClients`); urgent without it. */
  replyOf?: () => ReplyClaim | undefined;
  /** A keep-alive fetch shared with other clients (their connections too); one of its own without it. */
  send?: typeof fetch;
}): WebClientOptions {
  return {
    slackApiUrl: apiUrl,
    retryConfig: SLACK_CLIENT_RETRY_CONFIG,
    // Enforced by the fetch (see createSlackFetch), not by WebClient's `timeout`.
    fetch: createSlackFetch({ timeoutMs: SLACK_REQUEST_TIMEOUT_MS, budgets, replyOf, ...(send && { send }) }),
    // With budgets, a 429 is waited out on its budget alone, inside the fetch; one that still
    // reaches WebClient fails its call rather than pausing every call of the client.
    ...(budgets
      ? { maxRequestConcurrency: SLACK_BUDGETED_REQUEST_CONCURRENCY, rejectRateLimitedCalls: true }
      : {}),
  };
}
