import { type AllowedTargets, allowsTarget } from "../access/allowed-targets.js";
import type { CatalogSource } from "../catalog-source/catalog-source.js";
import { mergeDiscoveredCatalog } from "../catalog-source/merge-discovered-catalog.js";
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
    if (!target || !allowsTarget(allowed, target)) return undefined;
    const reason =
      mapping.kind === "accepted"
        ? `${place.label} was made its mapping in a thread.`
        : `People in ${place.label} chose it in ${mapping.votes} of their last ${mapping.votes + mapping.dissent} choices.`;
    return { target, place: learned?.place ?? place, accepted: mapping.kind === "accepted", reason };
  };
}

/**
 * True where the catalog maps the request's place itself: a written mapping always wins over a
 * learned one. With a catalog source, a mapping naming a repository only discovery lists counts
 * too: it is checked against the merged catalog as the live classifier merges it (merged again
 * only when the source's version moves), so Baton does not offer to map a place already mapped.
 * While the source cannot be read, the last merged catalog (at first the file's alone) answers.
 */
export function createWrittenMappingCheck(
  catalog: Catalog,
  platforms: PlatformPolicies,
  source?: CatalogSource,
): (request: SessionRequest) => Promise<boolean> {
  const indexOf = (of: Catalog) => createMappingIndex(of, indexCatalog(of).resolve, platforms);
  const fileMappings = indexOf(catalog);
  let merged: { version: string; mappings: ReturnType<typeof indexOf> } | undefined;

  async function mergedMappings() {
    if (!source) return undefined;
    try {
      if (merged?.version !== (await source.version())) {
        const snapshot = await source.read();
        merged = {
          version: snapshot.version,
          mappings: indexOf(mergeDiscoveredCatalog(catalog, snapshot).catalog),
        };
      }
    } catch {
      // The live classifier logs an unreadable source; this check keeps its last answer.
    }
    return merged?.mappings;
  }

  return async (request) => {
    // The place implied its target and nothing written chose it (`TargetHint.yieldsToLearning`):
    // the mapping the platform always finds there is no one's decision, so an offer is welcome.
    const hint = request.hints.target;
    if (hint?.implied && hint.yieldsToLearning) return false;
    // A mapping the file resolves needs no read of the source.
    if (fileMappings.mapRequest(request) !== undefined) return true;
    const mappings = await mergedMappings();
    return mappings?.mapRequest(request) !== undefined;
  };
}
