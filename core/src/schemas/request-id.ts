import { sha256Base64url } from "../crypto/sha256-base64url.js";
import type { Platform } from "./conversation-ref.js";

/**
 * A request's (and its turn's) id follows from the platform and the delivery id, so every retry
 * of one delivery names the same turn, the same Redis keys and the same queue job. It never holds
 * `:` and is never all digits (BullMQ refuses such job ids).
 */
export function requestIdForDelivery(platform: Platform, deliveryId: string): string {
  return `t_${sha256Base64url(`${platform}\u0000${deliveryId}`).slice(0, 24)}`;
}
