import type { SteeringPolicy } from "../config/catalog.js";

/** Places a catalog does not list keep their sessions to the person who started them. */
export const DEFAULT_STEERING_POLICY: SteeringPolicy = "requester";

/**
 * Who may add turns to, stop or retarget a session, under its place's policy: the requester only
 * (`requester`), anyone there (`channel`), or a list of user ids. The requester always may.
 */
export function mayUserSteer({
  policy,
  requesterId,
  userId,
}: {
  policy: SteeringPolicy;
  requesterId: string;
  userId: string;
}): boolean {
  if (userId === requesterId) return true;
  if (policy === "channel") return true;
  return Array.isArray(policy) && policy.includes(userId);
}
