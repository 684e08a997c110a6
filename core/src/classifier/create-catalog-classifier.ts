import type { Catalog } from "../config/catalog.js";
import type { Classifier } from "../contracts/classifier.js";
import type { Decision, Target } from "../schemas/target.js";

/** Every target a catalog offers, repositories first, then environments, then "no repository". */
export function catalogTargets(catalog: Catalog): Target[] {
  return [
    ...catalog.repositories.map((r): Target => ({ kind: "repository", repo: r.repo })),
    ...catalog.environments.map((e): Target => ({ kind: "environment", id: e.id })),
    { kind: "none" },
  ];
}

/**
 * The simplest honest classifier: with no choice to make it picks the only target; with a choice
 * it asks. It never guesses.
 */
export function createCatalogClassifier({ catalog }: { catalog: Catalog }): Classifier {
  return {
    async classify(): Promise<Decision> {
      const targets = catalogTargets(catalog);
      const [only, ...rest] = targets;
      if (only && rest.length <= 1 && only.kind !== "none") {
        return { kind: "chosen", target: only, via: "only", confidence: "high", reason: "It is the only target in the catalog." };
      }
      if (targets.length === 1) {
        return {
          kind: "chosen",
          target: { kind: "none" },
          via: "only",
          confidence: "high",
          reason: "The catalog lists no repositories, so the agent works without one.",
        };
      }
      return { kind: "ask", candidates: targets, reason: "The catalog offers several targets." };
    },
  };
}
