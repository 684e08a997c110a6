import {
  type AllowedTargets,
  type Catalog,
  type CatalogSource,
  createLearnedMappings,
  createRoutingLearner,
  createTargetResolver,
  createWrittenMappingCheck,
  type LearnedMappings,
  type LearnedRoutingStore,
  type Logger,
  type PlatformPolicies,
  type RoutingLearner,
} from "@baton/core";
import type { StartedBots } from "../bots/setup-bots.js";

export interface WorkerLearning {
  /** For the classifier: what people chose in the request's place. */
  learned?: LearnedMappings;
  /** For the turn runner: records people's corrections. */
  learner?: RoutingLearner;
}

/**
 * Routing's memory as the worker uses it, both halves over one store; nothing when the catalog
 * says `learning: { enabled: false }`.
 */
export function createWorkerLearning({
  catalog,
  store,
  platforms,
  bots,
  allowedTargets,
  source,
  logger,
}: {
  catalog: Catalog;
  /** What the bots discovered: a place mapped to a repository only it lists is mapped too. */
  source?: CatalogSource;
  /** The platforms' policies: a place the catalog maps itself learns nothing. */
  platforms: PlatformPolicies;
  store: LearnedRoutingStore;
  bots: Pick<StartedBots, "routingPlace" | "mayStartSessions">;
  /** The targets each place may use: the same answer the turn runner gets. */
  allowedTargets: AllowedTargets;
  logger: Logger;
}): WorkerLearning {
  if (!catalog.learning.enabled) return {};
  return {
    learned: createLearnedMappings({
      store,
      placeOf: bots.routingPlace,
      resolve: createTargetResolver(catalog),
      allowedTargets,
      logger,
    }),
    learner: createRoutingLearner({
      store,
      placeOf: bots.routingPlace,
      allowedTargets,
      mayStartSessions: bots.mayStartSessions,
      hasWrittenMapping: createWrittenMappingCheck(catalog, platforms, source),
      logger,
    }),
  };
}
