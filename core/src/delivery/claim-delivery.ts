import type { Redis } from "ioredis";
import { DEFAULT_RETENTION } from "../retention/retention.js";
import type { Platform } from "../schemas/conversation-ref.js";
import type { RedisKeys } from "../store/redis-keys.js";

/**
 * True for the first call with this delivery (Slack event id, `/baton` trigger id, GitHub
 * delivery GUID, Linear webhook id), false for every replay. Call it before the delivery's first
 * side effect (a post, a stop, a context append); requests that go through intake are already
 * deduplicated there and need no claim.
 */
export type ClaimDelivery = (platform: Platform, deliveryId: string) => Promise<boolean>;

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
  return async (platform, deliveryId) =>
    (await redis.set(keys.scoped("delivery", platform, deliveryId), "1", "PX", ttlMs, "NX")) === "OK";
}
