import { type AllowedTargets, targetRef } from "../access/allowed-targets.js";
import type { Catalog } from "../config/catalog.js";
import type { TargetResolver } from "../config/create-target-resolver.js";
import type { Logger } from "../contracts/logger.js";
import type { PlatformPolicies } from "../contracts/platform-policy.js";
import { errorMessage } from "../describe-error.js";
import {
  DEFAULT_LEARNED_MAPPING_THRESHOLDS,
  type LearnedMappingThresholds,
  readLearnedMapping,
} from "../learning/read-learned-mapping.js";
import type { RoutingPlace, RoutingPlaceOf } from "../learning/routing-place.js";
import type { SessionRequest } from "../schemas/session-request.js";
import type { Target } from "../schemas/target.js";
import type { LearnedRoutingStore } from "../store/learned-routing-store.js";
import { createMappingIndex } from "./create-mapping-index.js";
import { indexCatalog } from "./index-catalog.js";

/** What a place's memory says about a request made there. */
export interface LearnedMatch {
  target: Target;
  place: RoutingPlace;
  /** A person made it the place's mapping: it counts as a written one. */
  accepted: boolean;
  reason: string;
}

/**
 * Looks up what Baton learned of the request's place; undefined when it learned nothing usable.
 * `resolve`: the classifier's own catalog (merged with what was discovered), in place of the one
 * given at creation, so that a place that learned a discovered repository routes there.
 */
export type LearnedMappings = (
  request: SessionRequest,
  resolve?: TargetResolver,
) => Promise<LearnedMatch | undefined>;

export interface LearnedMappingsOptions {
  store: Pick<LearnedRoutingStore, "read">;
  placeOf: RoutingPlaceOf;
  /** Against the catalog the classifier runs with: a target it no longer lists is not used. */
  resolve: TargetResolver;
  /** A target the place may no longer use is not used either. */
  allowedTargets?: AllowedTargets;
  thresholds?: LearnedMappingThresholds;
  logger: Logger;
}

/**
 * The classifier's view of routing's memory (see `readLearnedMapping`). Memory is a hint: when
 * Redis cannot answer, the request is classified without it instead of failing.
 */
export function createLearnedMappings({
  store,
  placeOf,
  resolve,
  allowedTargets,
  thresholds = DEFAULT_LEARNED_MAPPING_THRESHOLDS,
  logger,
}: LearnedMappingsOptions): LearnedMappings {
  const log = logger.child({ component: "core.classifier.learned" });
  return async (request, current = resolve) => {
    const place = placeOf(request);
    if (!place) return undefined;
    const learned = await store.read(place.key).catch((error: unknown) => {
      log.warn("core.classifier.learned_unreadable", { place: place.key, error: errorMessage(error) });
      return null;
    });
    const mapping = learned ? readLearnedMapping(learned, thresholds) : undefined;
    if (!mapping) return undefined;
    const target = current(mapping.targetRef);
    const allowed = allowedTargets?.(request.conversation);
    if (!target || (allowed && !allowed.includes(targetRef(target)))) return undefined;
    const reason =
      mapping.kind === "accepted"
        ? `${place.label} was made its mapping in a thread.`
        : `People in ${place.label} chose it in ${mapping.votes} of their last ${mapping.votes + mapping.dissent} choices.`;
    return { target, place: learned?.place ?? place, accepted: mapping.kind === "accepted", reason };
  };
}

/** True where the catalog maps the request's place itself: a written mapping always wins over a learned one. */
export function createWrittenMappingCheck(
  catalog: Catalog,
  platforms: PlatformPolicies,
): (request: SessionRequest) => boolean {
  const mappings = createMappingIndex(catalog, indexCatalog(catalog).resolve, platforms);
  return (request) => mappings.mapRequest(request) !== undefined;
}
