import { isRetryableError, type Platform, type Replier } from "@baton/core";
import type { BatonMetrics } from "./create-baton-metrics.js";

/** Every replier method (a record, so that a method added to the contract must be listed here). */
const REPLIER_METHODS: Record<keyof Replier, true> = {
  acknowledge: true,
  working: true,
  progress: true,
  ask: true,
  result: true,
  failed: true,
  declined: true,
  prepare: true,
  originLink: true,
  note: true,
  offerMapping: true,
};

/**
 * The repliers, each call counted when it throws: as retried when the error is worth retrying
 * (the turn is tried again), else as failed. The error goes on unchanged.
 */
export function observeRepliers(
  repliers: Partial<Record<Platform, Replier>>,
  { failed, retried }: BatonMetrics["replies"],
): Partial<Record<Platform, Replier>> {
  const observed: Partial<Record<Platform, Replier>> = {};
  for (const [platform, replier] of Object.entries(repliers) as Array<[Platform, Replier]>) {
    const wrapped = {} as Record<keyof Replier, unknown>;
    for (const method of Object.keys(REPLIER_METHODS) as Array<keyof Replier>) {
      const call = replier[method] as ((...args: unknown[]) => Promise<unknown>) | undefined;
      // An optional method the replier does not have stays absent: the runner checks for it.
      if (!call) continue;
      wrapped[method] = async (...args: unknown[]) => {
        try {
          return await call.apply(replier, args);
        } catch (error) {
          (isRetryableError(error) ? retried : failed).inc({ platform, method });
          throw error;
        }
      };
    }
    observed[platform] = wrapped as Replier;
  }
  return observed;
}
