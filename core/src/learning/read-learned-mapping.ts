import type { LearnedPlace } from "../store/learned-routing-store.js";

/** Agreeing choices (in different conversations) before a place's habit routes like a mapping. */
export const LEARNED_MAPPING_MIN_VOTES = 2;
/** The habit must have at least this many choices for each choice of anything else. */
export const LEARNED_MAPPING_AGREEMENT_RATIO = 2;

export interface LearnedMappingThresholds {
  minVotes: number;
}

export const DEFAULT_LEARNED_MAPPING_THRESHOLDS: LearnedMappingThresholds = {
  minVotes: LEARNED_MAPPING_MIN_VOTES,
};

/** What a place's memory says: a mapping a person accepted, a habit, or nothing yet. */
export type LearnedMapping =
  | { kind: "accepted"; targetRef: string; byId: string }
  /** `votes`: conversations that chose it; `dissent`: those that chose something else. */
  | { kind: "habit"; targetRef: string; votes: number; dissent: number };

/**
 * Reads a place's votes. People who disagree keep Baton asking: a habit needs enough agreeing
 * choices and a clear majority of the place's recent ones, so one person's odd choice never turns
 * into a route. An accepted mapping stands until it is forgotten.
 */
export function readLearnedMapping(
  learned: LearnedPlace,
  thresholds: LearnedMappingThresholds = DEFAULT_LEARNED_MAPPING_THRESHOLDS,
): LearnedMapping | undefined {
  if (learned.accepted)
    return { kind: "accepted", targetRef: learned.accepted.targetRef, byId: learned.accepted.byId };
  const tally = new Map<string, number>();
  for (const vote of learned.votes) tally.set(vote.targetRef, (tally.get(vote.targetRef) ?? 0) + 1);
  const ranked = [...tally.entries()].sort((a, b) => b[1] - a[1]);
  const [top] = ranked;
  if (!top) return undefined;
  const [targetRef, votes] = top;
  const dissent = learned.votes.length - votes;
  if (votes < thresholds.minVotes || votes < dissent * LEARNED_MAPPING_AGREEMENT_RATIO) return undefined;
  return { kind: "habit", targetRef, votes, dissent };
}
