import { AsyncLocalStorage } from "node:async_hooks";
import type { BudgetClaim } from "./rate-budget.js";

interface ClaimContext {
  claim: BudgetClaim;
  /** Buckets a progress update already holds a token of (taken before it chose what to send). */
  prepaid: Set<string>;
  /** Ends the reply's waits for budget (a reply left running at shutdown). */
  signal?: AbortSignal;
}

// Which reply a platform request belongs to travels with the call (through the SDKs, down to their
// HTTP layer), rather than through every SDK's options.
const context = new AsyncLocalStorage<ClaimContext>();
const URGENT: BudgetClaim = { priority: "urgent" };

/** Runs `fn` with its platform requests counted as `claim` (their budget waits end when `signal` aborts). */
export function runWithClaim<T>(claim: BudgetClaim, fn: () => T, signal?: AbortSignal): T {
  return runPrepaid(claim, [], fn, signal);
}

/**
 * Runs `fn` as `claim`, holding a token of each of `bucketIds` already: its first request there
 * spends it. Its waits end when `signal` (the update is no longer wanted) aborts. Nothing of the
 * context it is called from carries over: a progress update runs later, on the worker's beat,
 * outside the reply that asked for it, and it must spend as itself wherever it runs.
 */
export function runPrepaid<T>(
  claim: BudgetClaim,
  bucketIds: readonly string[],
  fn: () => T,
  signal?: AbortSignal,
): T {
  return context.run({ claim, prepaid: new Set(bucketIds), ...(signal ? { signal } : {}) }, fn);
}

/** The claim of the reply being made; urgent outside any (start-up checks, the context a turn reads). */
export function currentClaim(): BudgetClaim {
  return context.getStore()?.claim ?? URGENT;
}

/** What ends the current reply's waits for budget, if anything does. */
export function currentClaimSignal(): AbortSignal | undefined {
  return context.getStore()?.signal;
}

/** Whether a token of `bucketId` was already taken for this request (and spends that token). */
export function spendPrepaid(bucketId: string): boolean {
  const prepaid = context.getStore()?.prepaid;
  return prepaid?.delete(bucketId) ?? false;
}
