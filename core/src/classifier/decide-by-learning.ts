import type { SessionRequest } from "../schemas/session-request.js";
import { type Decision, describeTarget, targetId } from "../schemas/target.js";
import { buildAskDecision } from "./build-ask-decision.js";
import { findRival } from "./choose-lexically.js";
import type { CatalogIndex } from "./index-catalog.js";
import type { LearnedMappings } from "./learned-mappings.js";

/** How strongly denied words must name the learned target for it to be set aside. */
const DENIED_LEARNED_MIN_SCORE = 2;

type RankedTargets = ReturnType<CatalogIndex["lexical"]["rank"]>;

/**
 * The ladder's step after the written mappings: what people chose in this place. A mapping a
 * person accepted routes as a written one; a habit is weaker: words that deny it set it aside,
 * and when the request's own words point clearly elsewhere Baton asks, with both first.
 */
export async function decideByLearning({
  learned,
  request,
  denied,
  ranking,
  index,
}: {
  learned: LearnedMappings | undefined;
  request: SessionRequest;
  /** The request's negated words ("not for payments"). */
  denied: string;
  ranking: () => RankedTargets;
  index: CatalogIndex;
}): Promise<Decision | null> {
  const match = learned ? await learned(request, index.resolve) : undefined;
  if (!match) return null;
  const { target, reason } = match;
  if (denied.length > 0) {
    const id = targetId(target);
    const score = index.lexical.rank([{ text: denied, weight: 1 }]).find((entry) => entry.id === id)?.score;
    if (score !== undefined && score >= DENIED_LEARNED_MIN_SCORE) return null;
  }
  if (match.accepted) return { kind: "chosen", target, via: "mapping", confidence: "high", reason };
  const ranked = ranking();
  const rival = findRival(ranked, target, index);
  if (rival) {
    return buildAskDecision({
      index,
      first: [target, rival.target],
      ranking: ranked,
      reason: `${reason} Its words point to ${describeTarget(rival.target)}.`,
    });
  }
  return { kind: "chosen", target, via: "learned", confidence: "medium", reason };
}

/**
 * A target the place only implied (see `TargetHint.yieldsToLearning`) gives way to what people in
 * the place chose when that still works on it: the implied target itself, or an environment that
 * contains the implied repository, so that learning never carries a request to code its place
 * does not reach. Anything else (a question, another repository) leaves the implied target.
 */
export async function decideLearnedOverImplied(
  learning: Parameters<typeof decideByLearning>[0],
  environments: ReadonlyArray<{ id: string; repositories: readonly string[] }>,
): Promise<Decision | null> {
  const hint = learning.request.hints.target;
  const implied = hint?.target;
  if (!learning.learned || !hint?.implied || !hint.yieldsToLearning || !implied) return null;
  const decision = await decideByLearning(learning);
  if (decision?.kind !== "chosen") return null;
  const chosen = decision.target;
  if (targetId(chosen) === targetId(implied)) return decision;
  if (chosen.kind !== "environment" || implied.kind !== "repository") return null;
  const repo = implied.repo.toLowerCase();
  const environment = environments.find((env) => env.id === chosen.id);
  return environment?.repositories.some((r) => r.toLowerCase() === repo) ? decision : null;
}
