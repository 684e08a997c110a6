import type { ProfileEvidence } from "../catalog-source/merge-discovered-catalog.js";
import type { Catalog } from "../config/catalog.js";
import type { Classifier } from "../contracts/classifier.js";
import type { Logger } from "../contracts/logger.js";
import { NO_PLATFORM_POLICIES, type PlatformPolicies } from "../contracts/platform-policy.js";
import type { SessionRequest } from "../schemas/session-request.js";
import { type Decision, describeTarget, type Target, targetId } from "../schemas/target.js";
import type { ClassifierLlm } from "./ask-llm-for-target.js";
import { buildAskDecision } from "./build-ask-decision.js";
import { chooseExplicitTarget } from "./choose-explicit-target.js";
import { chooseLexically, findRival } from "./choose-lexically.js";
import { chooseTargetWithLlm } from "./choose-target-with-llm.js";
import { collectLexicalEvidence } from "./collect-lexical-evidence.js";
import { createMappingIndex, type MappingMatch } from "./create-mapping-index.js";
import { decideByLearning, decideLearnedOverImplied } from "./decide-by-learning.js";
import { findGeneralRequest } from "./find-general-request.js";
import { closestRepositories, orUnknownName } from "./find-unknown-repository-name.js";
import { indexCatalog } from "./index-catalog.js";
import type { LearnedMappings } from "./learned-mappings.js";
import { parseRequestText } from "./parse-request-text.js";
import { ruleText } from "./rule-text.js";
import { splitRequestText } from "./split-request-text.js";
import { tokenizeText } from "./tokenize-text.js";

/** How strongly denied words must name a mapped target for the mapping to be set aside. */
const DENIED_MAPPING_MIN_SCORE = 2;

export interface ClassifierOptions {
  catalog: Catalog;
  /** The platforms' mappings and the context their requests carry; none (no mapping, no context) when not given. */
  platforms?: PlatformPolicies;
  /** What each repository says of itself (`mergeDiscoveredCatalog`), by lowercased `owner/name`. */
  profiles?: ReadonlyMap<string, ProfileEvidence>;
  /** Without it, the lexical scorer takes the LLM's place. */
  llm?: ClassifierLlm;
  logger: Logger;
  /** What people chose in each place (see `createLearnedMappings`); nothing is learned without it. */
  learned?: LearnedMappings;
  /** Told of every decision (metrics count them by step); it must not throw. */
  onDecision?: (decision: Decision) => void;
}

type RequestText = ReturnType<typeof splitRequestText>;
type RankedTargets = ReturnType<ReturnType<typeof indexCatalog>["lexical"]["rank"]>;

/**
 * The classifier every platform uses for a conversation's first turn, and the one `baton classify`
 * runs. First match wins: explicit > routing rules > mappings > only one target > learned > LLM > lexical
 * scorer (when there is no LLM or it fails) > ask. Choosing wrong is the costly error, so every
 * step that is not sure asks. Indexes are built here, once per catalog.
 *
 * @example
 * const classifier = createClassifier({ catalog, llm: createClassifierLlm({ apiKey, model }), logger });
 * const decision = await classifier.classify(request);
 */
export function createClassifier({
  catalog,
  platforms = NO_PLATFORM_POLICIES,
  profiles,
  llm,
  learned,
  logger,
  onDecision,
}: ClassifierOptions): Classifier {
  const index = indexCatalog(catalog, profiles);
  const mappings = createMappingIndex(catalog, index.resolve, platforms);
  const contextOf = (request: SessionRequest) => platforms.classifierContextOf(request.conversation);
  const log = logger.child({ component: "core.classifier" });

  async function classify(request: SessionRequest): Promise<Decision> {
    const decision = await decide(request);
    onDecision?.(decision);
    return decision;
  }

  async function decide(request: SessionRequest): Promise<Decision> {
    // Adapters normally strip flags already; doing it again is harmless and keeps the CLI honest.
    const parsed = parseRequestText(request.text, catalog);
    const { prompt } = parsed;
    const text = splitRequestText(prompt);
    const hints = { target: request.hints.target ?? parsed.hints.target };
    // "in acme/shiping": an `owner/name` the catalog does not know is said so, never guessed around.
    const explicit = orUnknownName(chooseExplicitTarget(hints, prompt, index), text.own, index);
    if (text.injections > 0) {
      // The count only: what the instruction said may be anything, and prompts are never logged.
      log.info("core.classifier.instructions_ignored", { request_id: request.id, count: text.injections });
    }
    const ranking = () => {
      const promptNamesNothing = index.lexical.rank(collectLexicalEvidence(prompt, {}), 1).length === 0;
      const { weights } = contextOf(request);
      return index.lexical.rank(
        collectLexicalEvidence(prompt, request.context, { promptNamesNothing, weights }),
      );
    };
    const learning = { learned, request, denied: text.denied, ranking, index };
    return (
      (await decideLearnedOverImplied(learning, catalog.environments)) ??
      decideExplicit(explicit, request, text, prompt, ranking) ??
      decideByRules(request, text, ranking) ??
      decideByCatalog(request, text) ??
      (await decideByLearning(learning)) ??
      (await decideByRanking(request, prompt, ranking()))
    );
  }

  /** The explicit step's verdict: a named target, a question when it is in doubt, or null when nothing was named. */
  function decideExplicit(
    explicit: ReturnType<typeof chooseExplicitTarget>,
    request: SessionRequest,
    text: RequestText,
    prompt: string,
    ranking: () => RankedTargets,
  ): Decision | null {
    switch (explicit.kind) {
      case "decided": {
        if (!explicit.weak) return explicit.decision;
        // An alias is often just a word ("the storefront relies on this") and a link a reference:
        // where the conversation happens may disagree, and then asking is cheaper than working in
        // the wrong codebase.
        const named = explicit.decision.target;
        const mapped = mapUnlessDenied(request, text.denied);
        if (mapped && !index.lexical.related(targetId(mapped.target), targetId(named))) {
          return buildAskDecision({
            index,
            first: [named, mapped.target],
            ranking: ranking(),
            reason: `${explicit.decision.reason} ${mapped.reason}`,
          });
        }
        // The rest of the request may be about something else ("the search box on the storefront"):
        // the alias must then win by the lexical scorer's margin like any other word.
        const ranked = ranking();
        const rival = findRival(ranked, named, index);
        if (!rival) return explicit.decision;
        return buildAskDecision({
          index,
          first: [named, rival.target],
          ranking: ranked,
          reason: `${explicit.decision.reason} Its other words point to ${describeTarget(rival.target)}.`,
        });
      }
      case "conflict":
        return buildAskDecision({
          index,
          first: explicit.targets,
          ranking: ranking(),
          reason: explicit.reason,
        });
      case "unknown":
        return buildAskDecision({
          index,
          first: closestRepositories(explicit.text, index),
          ranking: index.lexical.rank([
            { text: explicit.text, weight: 1 },
            ...collectLexicalEvidence(prompt, {}),
          ]),
          reason: `"${explicit.text}" is not a repository or environment Baton knows.`,
        });
      case "silent":
        return null;
    }
  }

  /** A general request that needs no repository, or a routing rule on the requester's own words; null otherwise. */
  function decideByRules(
    request: SessionRequest,
    text: RequestText,
    ranking: () => RankedTargets,
  ): Decision | null {
    const general = findGeneralRequest(text.own);
    if (general) {
      return chosen(
        { kind: "none" },
        "rule",
        "medium",
        `The request ("${general}") is a general one that needs no repository.`,
      );
    }

    // Only the requester's own affirmed words trigger a rule: a keyword in a pasted log or under
    // negation is not what the request is about.
    const routed = index.routing.match(
      tokenizeText(ruleText(text.own, request.context, contextOf(request).subject)),
    );
    const [ruled, ...moreRuled] = routed.targets;
    if (ruled && moreRuled.length === 0) {
      const keywords = routed.keywords.map((k) => `"${k}"`).join(", ");
      return chosen(
        ruled,
        "rule",
        "high",
        `The routing rule for ${keywords} sends it to ${describeTarget(ruled)}.`,
      );
    }
    if (ruled) {
      return buildAskDecision({
        index,
        first: routed.targets,
        ranking: ranking(),
        reason: `Routing rules for ${routed.keywords.map((k) => `"${k}"`).join(", ")} point to different targets.`,
      });
    }
    return null;
  }

  /** The conversation's mapping, or the catalog's only target; null otherwise. */
  function decideByCatalog(request: SessionRequest, text: RequestText): Decision | null {
    const mapped = mapUnlessDenied(request, text.denied);
    if (mapped) return chosen(mapped.target, "mapping", "high", mapped.reason);

    const [onlyTarget, ...otherTargets] = index.targets;
    if (!onlyTarget) {
      return chosen(
        { kind: "none" },
        "only",
        "high",
        "The catalog lists no repositories, so the agent works without one.",
      );
    }
    if (otherTargets.length === 0) {
      return chosen(
        onlyTarget,
        "only",
        "high",
        `${describeTarget(onlyTarget)} is the only target in the catalog.`,
      );
    }
    return null;
  }

  /** The model's choice (when there is one and it is sure), else the lexical scorer's, else a question. */
  async function decideByRanking(
    request: SessionRequest,
    prompt: string,
    ranked: RankedTargets,
  ): Promise<Decision> {
    if (llm) {
      const contextKeys = contextOf(request).keys;
      const outcome = await chooseTargetWithLlm({ llm, index, request, prompt, ranked, log, contextKeys });
      if (outcome.kind === "decided") return outcome.decision;
      if (outcome.kind === "unsure") {
        return buildAskDecision({
          index,
          first: outcome.first,
          ranking: ranked,
          reason: "The model was not sure which target is meant.",
        });
      }
    }

    const lexical = chooseLexically(ranked, index.lexical);
    if (lexical.kind === "unsure")
      return buildAskDecision({ index, ranking: ranked, reason: lexical.reason });
    const { best } = lexical;
    const words = best.matched
      .slice(0, 3)
      .map((term) => `"${term}"`)
      .join(", ");
    return chosen(
      best.target,
      "lexical",
      "medium",
      `The request's words (${words}) point to ${describeTarget(best.target)}.`,
    );
  }

  // "this one isn't for payments" in #payments-eng: the text sets the channel's target aside.
  function mapUnlessDenied(request: SessionRequest, denied: string): MappingMatch | undefined {
    const mapped = mappings.mapRequest(request);
    if (!mapped || denied.length === 0) return mapped;
    const id = targetId(mapped.target);
    const score = index.lexical.rank([{ text: denied, weight: 1 }]).find((entry) => entry.id === id)?.score;
    return score !== undefined && score >= DENIED_MAPPING_MIN_SCORE ? undefined : mapped;
  }

  function explicitTarget(request: SessionRequest): Target | undefined {
    const hint = request.hints.target;
    if (hint) return hint.target ?? index.mentions.resolveLoosely(hint.text);
    return parseRequestText(request.text, catalog).hints.target?.target;
  }

  function readRequest(request: SessionRequest): SessionRequest {
    const { prompt, hints } = parseRequestText(request.text, catalog);
    return { ...request, text: prompt, hints: { ...hints, ...request.hints } };
  }

  return { classify, explicitTarget, readRequest };
}

function chosen(
  target: Target,
  via: Extract<Decision, { kind: "chosen" }>["via"],
  confidence: "high" | "medium",
  reason: string,
): Decision {
  return { kind: "chosen", target, via, confidence, reason };
}
