import { type AskDecision, type Target, targetId } from "../schemas/target.js";
import type { RankedTarget } from "./create-lexical-index.js";
import type { CatalogIndex } from "./index-catalog.js";

/** How many ranked targets a picker shows before the matching environments and "No repository". */
export const ASK_MAX_RANKED = 6;
/** A picker's length, "No repository" included; a person reads it in one glance. */
export const ASK_MAX_CANDIDATES = 10;

/**
 * Step 7 of the ladder: ask, offering `first` (the LLM's choice and alternatives, the rules'
 * targets, the mentioned targets), then the lexical ranking, then the environments that contain
 * any of those repositories, then "No repository", which is always there, so the picker is never
 * empty. With no evidence at all the catalog's environments are offered.
 */
export function buildAskDecision({
  index,
  first = [],
  ranking,
  reason,
}: {
  index: CatalogIndex;
  first?: readonly Target[];
  ranking: readonly RankedTarget[];
  reason: string;
}): AskDecision {
  const chosen = new Map<string, Target>();
  const offer = (target: Target) => {
    if (target.kind !== "none" && chosen.size < ASK_MAX_CANDIDATES - 1) chosen.set(targetId(target), target);
  };
  for (const target of first) if (chosen.size < ASK_MAX_RANKED) offer(target);
  for (const { target } of ranking) if (chosen.size < ASK_MAX_RANKED) offer(target);
  for (const target of [...chosen.values()]) {
    if (target.kind === "repository") for (const env of index.environmentsContaining(target.repo)) offer(env);
  }
  if (chosen.size === 0) for (const target of index.targets) if (target.kind === "environment") offer(target);
  return { kind: "ask", candidates: [...chosen.values(), { kind: "none" }], reason };
}
