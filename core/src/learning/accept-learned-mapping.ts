import type { LearningSettings } from "../config/learning-fields.js";
import type { Target } from "../schemas/target.js";
import type { LearnedRoutingStore } from "../store/learned-routing-store.js";
import type { RoutingPlace } from "./routing-place.js";

export type AcceptOutcome =
  | { kind: "accepted"; place: RoutingPlace; targetRef: string }
  /** The catalog's `learning.approvers` (or the place's access policy) does not include the person. */
  | { kind: "not_approver" }
  /** Nothing is learned of the place (it was forgotten since the offer). */
  | { kind: "unknown_place" }
  /** The catalog no longer lists the target. */
  | { kind: "unknown_target" };

/**
 * Who may change a place's routing from a thread (accept a learned mapping, or forget it): the
 * catalog's `learning.approvers`, or, when it lists nobody, whoever may start sessions there.
 */
export function mayChangeRouting(
  settings: LearningSettings,
  userId: string,
  allowedInPlace: boolean,
): boolean {
  return settings.approvers.length > 0 ? settings.approvers.includes(userId) : allowedInPlace;
}

/**
 * A person accepts Baton's offer: the place's habit becomes its mapping, which routes as a written
 * one until it is forgotten (or exported into `baton.config.yaml` and forgotten).
 */
export async function acceptLearnedMapping({
  store,
  settings,
  resolve,
  placeKey,
  targetRef,
  userId,
  allowedInPlace,
  now = () => new Date(),
}: {
  store: Pick<LearnedRoutingStore, "read" | "accept">;
  settings: LearningSettings;
  /**
   * Whether the target is still known: the merged catalog's resolver (see `createPickResolver`),
   * so that a repository only discovery lists may become a place's mapping.
   */
  resolve: (ref: string) => Target | undefined | Promise<Target | undefined>;
  placeKey: string;
  targetRef: string;
  userId: string;
  /** Whether the platform's access policy lets the person start sessions in the place. */
  allowedInPlace: boolean;
  now?: () => Date;
}): Promise<AcceptOutcome> {
  const approver = settings.approvers.length > 0 ? settings.approvers.includes(userId) : allowedInPlace;
  if (!approver) return { kind: "not_approver" };
  const learned = await store.read(placeKey);
  if (!learned) return { kind: "unknown_place" };
  if (!(await resolve(targetRef))) return { kind: "unknown_target" };
  await store.accept(placeKey, { targetRef, byId: userId, at: now().toISOString() });
  return { kind: "accepted", place: learned.place, targetRef };
}
