import { AsyncLocalStorage } from "node:async_hooks";
import type { BudgetClaim } from "./rate-budget.js";

interface ClaimContext {
  claim: BudgetClaim;
  /** Buckets a progress update already holds a token of (taken before it chose what to send). */
  prepaid: Set<string>;
}

// Which reply a platform request belongs to travels with the call (through the SDKs, down to their
// HTTP layer), rather than through every SDK's options.
const context = new AsyncLocalStorage<ClaimContext>();
const URGENT: BudgetClaim = { priority: "urgent" };

/** Runs `fn` with its platform requests counted as `claim`. */
export function runWithClaim<T>(claim: BudgetClaim, fn: () => T): T {
  return context.run({ claim, prepaid: new Set() }, fn);
}

/** Runs `fn` holding a token of `bucketId` already: its first request there spends it. */
export function runPrepaid<T>(bucketId: string, fn: () => T): T {
  const claim = context.getStore()?.claim ?? URGENT;
  return context.run({ claim, prepaid: new Set([bucketId]) }, fn);
}

/** The claim of the reply being made; urgent outside any (start-up checks, the context a turn reads). */
export function currentClaim(): BudgetClaim {
  return context.getStore()?.claim ?? URGENT;
}

/** Whether a token of `bucketId` was already taken for this request (and spends that token). */
export function spendPrepaid(bucketId: string): boolean {
  const prepaid = context.getStore()?.prepaid;
  return prepaid?.delete(bucketId) ?? false;
}
