import { createHash } from "node:crypto";

/**
 * A stable UUID for the activity a turn posts for `purpose`: Linear takes the id from the client,
 * so a call retried after a lost answer names the same activity instead of posting a second one.
 */
export function activityId(turnId: string, purpose: string): string {
  const hex = createHash("sha256").update(`${turnId}\u0000${purpose}`).digest("hex");
  // Shaped as a version 4, variant 1 UUID, which is what Linear's ids look like.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
