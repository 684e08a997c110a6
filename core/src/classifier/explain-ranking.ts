import type { ProfileEvidence } from "../catalog-source/merge-discovered-catalog.js";
import type { Catalog } from "../config/catalog.js";
import { NO_PLATFORM_POLICIES, type PlatformPolicies } from "../contracts/platform-policy.js";
import type { SessionRequest } from "../schemas/session-request.js";
import { collectLexicalEvidence } from "./collect-lexical-evidence.js";
import type { TargetEvidence } from "./create-lexical-index.js";
import { indexCatalog } from "./index-catalog.js";
import { parseRequestText } from "./parse-request-text.js";

/** How many targets `--explain` shows: the picker's reach, and the strongest denied ones. */
export const EXPLAIN_MAX_TARGETS = 8;

/**
 * The lexical evidence for and against each target a request touches, as the classifier weighs
 * it: the request's own words, what it quotes, what it denies, and the platform context, matched
 * against each target's names, aliases, keywords, description and profile. For
 * `baton classify --explain`: why a target won, why another lost, why Baton asked.
 */
export function explainRanking(
  { catalog, profiles }: { catalog: Catalog; profiles?: ReadonlyMap<string, ProfileEvidence> },
  request: SessionRequest,
  platforms: PlatformPolicies = NO_PLATFORM_POLICIES,
): TargetEvidence[] {
  const index = indexCatalog(catalog, profiles);
  const { prompt } = parseRequestText(request.text, catalog);
  // As the classifier reads it: when the prompt alone names nothing, the conversation weighs more.
  const promptNamesNothing = index.lexical.rank(collectLexicalEvidence(prompt, {}), 1).length === 0;
  const { weights } = platforms.classifierContextOf(request.conversation);
  const evidence = collectLexicalEvidence(prompt, request.context, { promptNamesNothing, weights });
  return index.lexical.explain(evidence).slice(0, EXPLAIN_MAX_TARGETS);
}
