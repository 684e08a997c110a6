import { type AllowedTargets, allowsTarget, targetRef } from "../access/allowed-targets.js";
import type { Logger } from "../contracts/logger.js";
import type { SessionRequest } from "../schemas/session-request.js";
import type { Target } from "../schemas/target.js";
import type { LearnedRoutingStore } from "../store/learned-routing-store.js";
import type { MappingOffer } from "./mapping-offer.js";
import {
  DEFAULT_LEARNED_MAPPING_THRESHOLDS,
  type LearnedMappingThresholds,
  readLearnedMapping,
} from "./read-learned-mapping.js";
import type { RoutingPlace, RoutingPlaceOf } from "./routing-place.js";

/** Why a choice taught Baton nothing. */
export type IgnoredChoiceReason =
  /** Where routing does not learn (a direct message). */
  | "no_place"
  /** The person may not start sessions in that place (the platform's access policy). */
  | "person_not_allowed"
  /** The place may not use that target. */
  | "target_not_allowed";

export type LearnOutcome =
  | { kind: "ignored"; reason: IgnoredChoiceReason }
  | { kind: "recorded"; place: RoutingPlace };

/** A person's choice of target for a conversation: answering a picker, or changing the target. */
export interface RoutingChoice {
  request: SessionRequest;
  conversationKey: string;
  target: Target;
}

export interface RoutingLearner {
  learnFromChoice(choice: RoutingChoice): Promise<LearnOutcome>;
  /**
   * The offer to make the place's habit its mapping, the first time the habit routed a request
   * there (the request after the agreeing corrections): when people can judge it on a real case.
   * Undefined when there is nothing to offer, the catalog maps the place, or it was offered before.
   */
  offerFor(request: SessionRequest): Promise<MappingOffer | undefined>;
  /**
   * The offer `offerFor` gave could not be posted (the platform failed): it counts as not made, so
   * that the next request the habit routes there offers it again.
   */
  offerNotMade(offer: MappingOffer): Promise<void>;
}

export interface RoutingLearnerOptions {
  store: Pick<LearnedRoutingStore, "recordVote" | "read" | "markOffered" | "unmarkOffered">;
  placeOf: RoutingPlaceOf;
  /** The targets each place may use; any when not given. */
  allowedTargets?: AllowedTargets;
  /**
   * The platform's access policy for the person in that place: a choice counts only from someone
   * allowed to start sessions there. Everyone admitted at the door counts when not given.
   */
  mayStartSessions?: (request: SessionRequest) => Promise<boolean>;
  /** True where the catalog maps the place already: a written mapping always wins, so none is offered. */
  hasWrittenMapping?: (request: SessionRequest) => boolean | Promise<boolean>;
  thresholds?: LearnedMappingThresholds;
  logger: Logger;
  now?: () => Date;
}

/**
 * Turns people's corrections into evidence for the place they were made in. It cannot be steered
 * from outside: only people allowed to start sessions there count, each conversation counts once
 * (its latest choice), and a target the place may not use is never recorded.
 */
export function createRoutingLearner({
  store,
  placeOf,
  allowedTargets,
  mayStartSessions,
  hasWrittenMapping,
  thresholds = DEFAULT_LEARNED_MAPPING_THRESHOLDS,
  logger,
  now = () => new Date(),
}: RoutingLearnerOptions): RoutingLearner {
  const log = logger.child({ component: "core.learning" });
  const ignore = (reason: IgnoredChoiceReason, request: SessionRequest): LearnOutcome => {
    log.info("core.learning.choice_ignored", { request_id: request.id, reason });
    return { kind: "ignored", reason };
  };

  return {
    async learnFromChoice({ request, conversationKey, target }) {
      const place = placeOf(request);
      if (!place) return ignore("no_place", request);
      const ref = targetRef(target);
      const allowed = allowedTargets?.(request.conversation);
      if (!allowsTarget(allowed, target)) return ignore("target_not_allowed", request);
      if (mayStartSessions && !(await mayStartSessions(request)))
        return ignore("person_not_allowed", request);
      await store.recordVote(place, {
        conversationKey,
        targetRef: ref,
        actorId: request.actor.id,
        at: now().toISOString(),
      });
      log.info("core.learning.choice_recorded", { request_id: request.id, place: place.key, target: ref });
      return { kind: "recorded", place };
    },
    async offerFor(request) {
      const place = placeOf(request);
      if (!place || (await hasWrittenMapping?.(request))) return undefined;
      const learned = await store.read(place.key);
      const mapping = learned ? readLearnedMapping(learned, thresholds) : undefined;
      if (mapping?.kind !== "habit" || !(await store.markOffered(place.key, mapping.targetRef)))
        return undefined;
      return {
        placeKey: place.key,
        placeLabel: learned?.place.label ?? place.label,
        targetRef: mapping.targetRef,
        votes: mapping.votes,
      };
    },
    offerNotMade: (offer) => store.unmarkOffered(offer.placeKey, offer.targetRef),
  };
}
