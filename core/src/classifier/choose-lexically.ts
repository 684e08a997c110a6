import { type Target, targetId } from "../schemas/target.js";
import type { LexicalIndex, RankedTarget } from "./create-lexical-index.js";

/**
 * Below this much evidence the scorer never chooses: one word of a description, or a repository's
 * one-word name (`users`, `search`), is not enough; one catalog keyword (`stripe`), an alias or
 * two matching terms are.
 */
export const LEXICAL_MIN_SCORE = 5;
/** The best target must score this many times its best rival: the scorer chooses only with a clear margin. */
export const LEXICAL_MIN_MARGIN_RATIO = 1.5;
/** When no unrelated target matches at all, this much evidence in this many distinct terms chooses. */
export const LEXICAL_UNOPPOSED_MIN_SCORE = 2.5;
export const LEXICAL_UNOPPOSED_MIN_TERMS = 2;
/** One-sided evidence: as much as an unopposed choice needs, and this many times the best rival's. */
export const LEXICAL_THIN_MARGIN_RATIO = 3;

export type LexicalChoice =
  | { kind: "chosen"; best: RankedTarget; rival: RankedTarget | undefined }
  | { kind: "unsure"; reason: string };

/**
 * Step 6 of the ladder: choose the best-ranked target only when the evidence is strong and
 * clearly ahead of the best rival. An environment and its own repositories are not rivals:
 * choosing either puts the agent in the right codebase.
 */
export function chooseLexically(ranking: readonly RankedTarget[], lexical: LexicalIndex): LexicalChoice {
  const [best] = ranking;
  if (!best) return { kind: "unsure", reason: "Nothing in the request matches a repository or environment." };
  const rival = ranking.find((other) => !lexical.related(best.id, other.id));
  // With nothing else in the running, a description matched in a few words is enough ("the
  // banner we show during an outage, though the incident is resolved").
  const unopposed =
    !rival && best.score >= LEXICAL_UNOPPOSED_MIN_SCORE && best.matched.length >= LEXICAL_UNOPPOSED_MIN_TERMS;
  // One-sided: several words match one target and the best unrelated rival has a fraction of that
  // (a word it shares with many): "the FedEx tracking link" against "carrier integrations,
  // labels, tracking". Denied words already count against their target, so they cannot make it.
  const oneSided =
    rival !== undefined &&
    best.score >= LEXICAL_UNOPPOSED_MIN_SCORE &&
    best.matched.length >= LEXICAL_UNOPPOSED_MIN_TERMS &&
    best.score >= rival.score * LEXICAL_THIN_MARGIN_RATIO;
  if (best.score < LEXICAL_MIN_SCORE && !unopposed && !oneSided) {
    return { kind: "unsure", reason: `The request matches ${best.id} only weakly.` };
  }
  if (rival && best.score < rival.score * LEXICAL_MIN_MARGIN_RATIO) {
    return { kind: "unsure", reason: `The request matches ${best.id} and ${rival.id} about equally.` };
  }
  return { kind: "chosen", best, rival };
}

/**
 * The strongest target that competes with `named` (not `named`, nor an environment holding it or
 * held by it) when it is strong enough to make choosing `named` a guess: at least
 * `LEXICAL_MIN_SCORE`, and within `LEXICAL_MIN_MARGIN_RATIO` of `named`'s own score.
 */
export function findRival(
  ranking: readonly RankedTarget[],
  named: Target,
  index: { lexical: LexicalIndex },
): RankedTarget | undefined {
  const id = targetId(named);
  const own = ranking.find((entry) => entry.id === id)?.score ?? 0;
  const rival = ranking.find((entry) => !index.lexical.related(id, entry.id));
  if (!rival || rival.score < LEXICAL_MIN_SCORE) return undefined;
  return own < rival.score * LEXICAL_MIN_MARGIN_RATIO ? rival : undefined;
}
