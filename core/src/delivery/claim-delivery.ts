import type { Redis } from "ioredis";
import { DEFAULT_RETENTION } from "../retention/retention.js";
import type { Platform } from "../schemas/conversation-ref.js";
import type { RedisKeys } from "../store/redis-keys.js";

/**
 * True for the first call with this delivery (the platform's event id, a slash command's trigger
 * id, a webhook delivery's id), false for every replay. Call it before the delivery's first
 * side effect (a post, a stop, a context append); requests that go through intake are already
 * deduplicated there and need no claim.
 */
export interface ClaimDelivery {
  (platform: Platform, deliveryId: string): Promise<boolean>;
  /**
   * Forgets a claim whose action failed before it took effect, so that the platform's retry of
   * the delivery acts instead of being taken for a replay. See `actOncePerDelivery`.
   */
  release?(platform: Platform, deliveryId: string): Promise<void>;
}

/**
 * One `SET NX PX` per delivery, under the prefix's `delivery:` namespace, shared by every process.
 * A delivery is remembered as long as intake remembers its own (`Retention.deliveryMs`).
 */
export function createDeliveryClaims({
  redis,
  keys,
  ttlMs = DEFAULT_RETENTION.deliveryMs,
}: {
  redis: Redis;
  keys: RedisKeys;
  ttlMs?: number;
}): ClaimDelivery {
  const keyOf = (platform: Platform, deliveryId: string) => keys.scoped("delivery", platform, deliveryId);
  const claim: ClaimDelivery = async (platform, deliveryId) =>
    (await redis.set(keyOf(platform, deliveryId), "1", "PX", ttlMs, "NX")) === "OK";
  claim.release = async (platform, deliveryId) => {
    await redis.del(keyOf(platform, deliveryId));
  };
  return claim;
}

export type OncePerDelivery<T> = { kind: "acted"; value: T } | { kind: "replayed" };

/**
 * Runs `act` for the first delivery of an id only. The claim comes first, so that a late replay
 * cannot act again after a newer delivery (a replayed stop must not stop the next turn). If `act`
 * throws, the claim is released before the error goes on: the platform's retry of a delivery
 * that failed (answered 5xx) acts then, rather than being ignored as a replay.
 */
export async function actOncePerDelivery<T>(
  claim: ClaimDelivery,
  platform: Platform,
  deliveryId: string,
  act: () => Promise<T>,
): Promise<OncePerDelivery<T>> {
  if (!(await claim(platform, deliveryId))) return { kind: "replayed" };
  try {
    return { kind: "acted", value: await act() };
  } catch (error) {
    // Best effort: were Redis away too, the claim expires with the retention as before.
    await claim.release?.(platform, deliveryId).catch(() => {});
    throw error;
  }
}
