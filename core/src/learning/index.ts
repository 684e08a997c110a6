// What routing learns from people's corrections. (re-exported by the package's index)
export {
  type AcceptOutcome,
  acceptLearnedMapping,
  mayChangeRouting,
} from "./accept-learned-mapping.js";
export { createRoutingLearner, type RoutingLearner } from "./create-routing-learner.js";
export { exportLearnedMappings } from "./export-learned-mappings.js";
export { describeMappingOffer, type MappingOffer } from "./mapping-offer.js";
export { type LearnedMappingThresholds, readLearnedMapping } from "./read-learned-mapping.js";
export type { RoutingPlace, RoutingPlaceOf } from "./routing-place.js";
