import { isRetryableError, mapReplier, type Platform, type Replier } from "@baton/core";
import type { BatonMetrics } from "./create-baton-metrics.js";

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
    observed[platform] = mapReplier(replier, async (method, _args, call) => {
      try {
        return await call();
      } catch (error) {
        (isRetryableError(error) ? retried : failed).inc({ platform, method });
        throw error;
      }
    });
  }
  return observed;
}
