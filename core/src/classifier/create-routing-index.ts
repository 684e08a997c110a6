import type { Catalog } from "../config/catalog.js";
import type { TargetResolver } from "../config/create-target-resolver.js";
import { type Target, targetId } from "../schemas/target.js";
import { createPhraseMatcher } from "./create-phrase-matcher.js";

export interface RoutingMatch {
  /** Distinct targets, in the order the text mentions their keywords. */
  targets: Target[];
  /** The keywords that matched, as the catalog spells them. */
  keywords: string[];
}

/** Step 2 of the ladder: the catalog's keyword rules, whole-word and case-insensitive. */
export interface RoutingIndex {
  match(tokens: readonly string[]): RoutingMatch;
}

/** Rules naming a target the catalog does not list are skipped (and were warned about at load). */
export function createRoutingIndex(catalog: Catalog, resolve: TargetResolver): RoutingIndex {
  const matcher = createPhraseMatcher(
    catalog.routing.flatMap((rule) => {
      const target = resolve(rule.target);
      return target ? rule.keywords.map((keyword) => ({ phrase: keyword, value: { target, keyword } })) : [];
    }),
  );
  return {
    match(tokens) {
      const targets = new Map<string, Target>();
      const keywords: string[] = [];
      for (const { value } of matcher.match(tokens)) {
        targets.set(targetId(value.target), value.target);
        if (!keywords.includes(value.keyword)) keywords.push(value.keyword);
      }
      return { targets: [...targets.values()], keywords };
    },
  };
}
