import { stringify } from "yaml";
import type { LearnedPlace } from "../store/learned-routing-store.js";
import {
  DEFAULT_LEARNED_MAPPING_THRESHOLDS,
  type LearnedMappingThresholds,
  readLearnedMapping,
} from "./read-learned-mapping.js";

/**
 * What Baton learned, as `baton.config.yaml` writes mappings (each place at its own
 * `catalogPath`), ready to paste into the catalog: accepted mappings and habits strong enough to
 * route. Empty when nothing routes yet.
 *
 * @example
 * exportLearnedMappings(places);
 * // slack:
 * //   channels:
 * //     C0PAY:
 * //       target: acme/web
 */
export function exportLearnedMappings(
  places: readonly LearnedPlace[],
  thresholds: LearnedMappingThresholds = DEFAULT_LEARNED_MAPPING_THRESHOLDS,
): string {
  const root: Record<string, unknown> = {};
  for (const learned of places) {
    const mapping = readLearnedMapping(learned, thresholds);
    if (!mapping) continue;
    const path = learned.place.catalogPath;
    let node = root;
    for (const key of path.slice(0, -1)) {
      const next = node[key];
      node[key] = typeof next === "object" && next !== null ? next : {};
      node = node[key] as Record<string, unknown>;
    }
    node[path[path.length - 1] as string] = mapping.targetRef;
  }
  return Object.keys(root).length === 0 ? "" : stringify(root);
}
