import type { PlatformPolicy } from "@baton/core";
import { LINEAR_CATALOG, type LinearMapping, linearCatalogOf } from "./linear-catalog.js";
import { LINEAR_CLASSIFIER_CONTEXT } from "./linear-context.js";
import { createLinearMapping } from "./linear-mapping.js";

/**
 * What core asks of Linear: a project's or team's mapping (with label filters) maps its issues;
 * the title, description, labels, team and project are the classifier's context.
 */
export const linearPolicy: PlatformPolicy<"linear"> = {
  platform: "linear",
  catalog: LINEAR_CATALOG,
  mapping: createLinearMapping,
  classifierContext: LINEAR_CLASSIFIER_CONTEXT,
  mappingFacts: (catalog) => {
    const { teams, projects } = linearCatalogOf(catalog);
    const facts = (kind: string, mapped: Record<string, LinearMapping>) =>
      Object.entries(mapped).flatMap(([place, mapping]) =>
        mappingTargets(mapping).map((target) => ({ target, fact: kind, value: place })),
      );
    return [...facts("linear project", projects), ...facts("linear team", teams)];
  },
};

/** The targets one team's or project's mapping names, label-filtered entries included. */
function mappingTargets(mapping: LinearMapping): string[] {
  const entries = Array.isArray(mapping) ? mapping : [mapping];
  return entries.map((entry) => (typeof entry === "string" ? entry : entry.target));
}
