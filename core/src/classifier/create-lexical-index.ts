import type { ProfileEvidence } from "../catalog-source/merge-discovered-catalog.js";
import type { Catalog } from "../config/catalog.js";
import { type Target, targetId } from "../schemas/target.js";
import {
  addPhrases,
  addTerm,
  addWords,
  countTerms,
  newTerms,
  type Posting,
  type Terms,
} from "./lexical-terms.js";
import { tokenizeText } from "./tokenize-text.js";

/**
 * Words to score and how far to trust them: the request itself more than a thread's old messages.
 * A negative weight is evidence against: words under negation ("don't touch the ledger").
 */
export interface LexicalEvidence {
  text: string;
  weight: number;
}

export interface RankedTarget {
  target: Target;
  id: string;
  score: number;
  /** The catalog terms that matched, strongest first, for a reason a person can read. */
  matched: string[];
}

/** One term's part in a target's score, and the catalog field it came from (`keyword`, `profile`…). */
export interface TermEvidence {
  term: string;
  field: string;
  weight: number;
}

/** What counted for and against one target: `baton classify --explain`. */
export interface TargetEvidence {
  id: string;
  score: number;
  for: TermEvidence[];
  against: TermEvidence[];
}

/** How many ranked targets a request needs at most: the LLM's candidates, a picker, a rival. */
export const RANK_LIMIT = 64;

export interface LexicalIndex {
  /** Targets with any evidence, best first, at most `limit`; ties keep catalog order. */
  rank(evidence: readonly LexicalEvidence[], limit?: number): RankedTarget[];
  /** The terms behind the scores of `ids` (every ranked target when omitted), strongest first. */
  explain(evidence: readonly LexicalEvidence[], ids?: readonly string[]): TargetEvidence[];
  /** Whether `a` and `b` overlap: an environment and one of its repositories, or the same target. */
  related(a: string, b: string): boolean;
}

// How much one matching catalog term says about a target, before rarity is counted. Names and
// aliases are what people call a codebase; keywords what it is about; descriptions only hint.
const FULL_NAME_WEIGHT = 10;
const NAME_WEIGHT = 8;
const SINGLE_WORD_NAME_WEIGHT = 4;
const ALIAS_WEIGHT = 8;
const KEYWORD_WEIGHT = 5;
const ENVIRONMENT_NAME_WEIGHT = 5;
const NAME_PART_WEIGHT = 2.5;
const DESCRIPTION_WORD_WEIGHT = 2;
const OWNER_WEIGHT = 1;
// A repository's own words (README, folders, packages, teams) are many and loosely chosen: each says
// less than a word of the one line a person wrote to describe it.
const PROFILE_WORD_WEIGHT = 1;

/** A term in more than this share of targets (and more than the minimum) is not indexed. */
const COMMON_TERM_SHARE = 0.05;
const COMMON_TERM_MIN_TARGETS = 50;

/**
 * A ranking of every target over its names, aliases, keywords and description, built once per
 * catalog as an inverted index so that a request costs a lookup per word (and per 2- or 3-word
 * phrase), not a scan of the catalog. A term shared by many targets (`api`, `service`) counts less
 * for each: its weight is divided by the square root of how many targets have it.
 *
 * @example
 * const index = createLexicalIndex(catalog);
 * index.rank([{ text: "refunds fail in the ledger", weight: 1 }])[0]?.id; // "acme/payments-ledger"
 */
export function createLexicalIndex(
  catalog: Catalog,
  profiles: ReadonlyMap<string, ProfileEvidence> = new Map(),
): LexicalIndex {
  const targets: Target[] = [];
  const termsOf: Array<Map<string, number>> = [];
  const fieldsOf: Array<Map<string, string>> = [];
  const addTarget = (target: Target, terms: Terms) => {
    targets.push(target);
    termsOf.push(terms.weights);
    fieldsOf.push(terms.fields);
  };

  for (const repo of catalog.repositories) {
    const terms = newTerms();
    const [owner = "", name = ""] = repo.repo.split("/");
    addTerm(terms, `${owner} ${name}`, FULL_NAME_WEIGHT, "name");
    const nameTokens = tokenizeText(name);
    addTerm(terms, name, nameTokens.length > 1 ? NAME_WEIGHT : SINGLE_WORD_NAME_WEIGHT, "name");
    if (nameTokens.length > 1) addWords(terms, name, NAME_PART_WEIGHT, "name");
    addWords(terms, owner, OWNER_WEIGHT, "owner");
    addPhrases(terms, repo.aliases, ALIAS_WEIGHT, "alias");
    addPhrases(terms, repo.keywords, KEYWORD_WEIGHT, "keyword");
    addWords(terms, repo.description, DESCRIPTION_WORD_WEIGHT, "description");
    for (const term of profiles.get(repo.repo.toLowerCase())?.terms ?? [])
      addWords(terms, term, PROFILE_WORD_WEIGHT, "profile");
    addTarget({ kind: "repository", repo: repo.repo }, terms);
  }
  for (const env of catalog.environments) {
    const terms = newTerms();
    addPhrases(terms, [env.id, env.name], ENVIRONMENT_NAME_WEIGHT, "name");
    addPhrases(terms, env.aliases, ALIAS_WEIGHT, "alias");
    addPhrases(terms, env.keywords, KEYWORD_WEIGHT, "keyword");
    addWords(terms, env.description, DESCRIPTION_WORD_WEIGHT, "description");
    addTarget({ kind: "environment", id: env.id }, terms);
  }

  const postings = new Map<string, Posting[]>();
  let longestPhrase = 1;
  termsOf.forEach((terms, target) => {
    for (const [term, weight] of terms) {
      const list = postings.get(term) ?? [];
      list.push({ target, weight });
      postings.set(term, list);
      longestPhrase = Math.max(longestPhrase, term.split(" ").length);
    }
  });
  // A term most targets share says next to nothing (its weight shrinks with the square root of
  // their number) yet costs a score update per target: in a large catalog it is a stop word.
  const commonTermTargets = Math.max(COMMON_TERM_MIN_TARGETS, targets.length * COMMON_TERM_SHARE);
  for (const [term, list] of postings) {
    if (list.length > commonTermTargets) {
      postings.delete(term);
      continue;
    }
    const rarity = 1 / Math.sqrt(list.length);
    for (const posting of list) {
      posting.weight *= rarity;
      termsOf[posting.target]?.set(term, posting.weight);
    }
  }

  const phrasePrefixes = new Set<string>();
  for (const term of postings.keys()) {
    const words = term.split(" ");
    for (let length = 1; length < words.length; length += 1)
      phrasePrefixes.add(words.slice(0, length).join(" "));
  }

  const ids = targets.map(targetId);
  const position = new Map(ids.map((id, i) => [id, i]));
  const relatedPairs = new Set<string>();
  for (const env of catalog.environments) {
    for (const repo of env.repositories) {
      const repoId = ids.find((id) => id.toLowerCase() === repo.toLowerCase()) ?? repo;
      relatedPairs.add(`env:${env.id}\u0000${repoId}`).add(`${repoId}\u0000env:${env.id}`);
    }
  }

  // Reused by every call (ranking is synchronous), so a request allocates little even when a
  // common word touches hundreds of targets.
  const scores = new Float64Array(targets.length);
  const touched = new Uint8Array(targets.length);

  function rankTargets(evidence: readonly LexicalEvidence[], limit = RANK_LIMIT): RankedTarget[] {
    const { seen, against } = countTerms(evidence, postings, phrasePrefixes, longestPhrase);
    const hit: number[] = [];
    for (const [terms, sign] of [
      [seen, 1],
      [against, -1],
    ] as const) {
      for (const [term, evidenceWeight] of terms) {
        for (const { target, weight } of postings.get(term) ?? []) {
          if (touched[target] === 0) {
            touched[target] = 1;
            scores[target] = 0;
            hit.push(target);
          }
          scores[target] = (scores[target] as number) + sign * weight * evidenceWeight;
        }
      }
    }
    for (const target of hit) touched[target] = 0;
    // A target denied more than it is named is no candidate at all.
    const kept = hit.filter((target) => (scores[target] as number) > 0);
    kept.sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b);
    return kept.slice(0, limit).map((target) => {
      const terms = termsOf[target] as Map<string, number>;
      const matched = [...seen]
        .filter(([term]) => terms.has(term))
        .map(([term, evidenceWeight]): [string, number] => [
          term,
          (terms.get(term) as number) * evidenceWeight,
        ])
        .sort((x, y) => y[1] - x[1])
        .map(([term]) => term);
      return {
        target: targets[target] as Target,
        id: ids[target] as string,
        score: scores[target] as number,
        matched,
      };
    });
  }

  return {
    rank: rankTargets,
    explain(evidence, only) {
      const { seen, against } = countTerms(evidence, postings, phrasePrefixes, longestPhrase);
      const ranked = new Map(rankTargets(evidence, targets.length).map((entry) => [entry.id, entry.score]));
      const explained = (only ?? ids).flatMap((id) => {
        const target = position.get(id);
        if (target === undefined) return [];
        const weights = termsOf[target] as Map<string, number>;
        const fields = fieldsOf[target] as Map<string, string>;
        const list = (counted: Map<string, number>) =>
          [...counted]
            .filter(([term]) => weights.has(term))
            .map(([term, evidenceWeight]) => ({
              term,
              field: fields.get(term) ?? "",
              weight: (weights.get(term) as number) * evidenceWeight,
            }))
            .sort((x, y) => y.weight - x.weight);
        const entry = { id, score: ranked.get(id) ?? 0, for: list(seen), against: list(against) };
        // A target denied more than named is no candidate; its score says by how much.
        if (!ranked.has(id)) entry.score = sum(entry.for) - sum(entry.against);
        return only || entry.for.length > 0 || entry.against.length > 0 ? [entry] : [];
      });
      return only ? explained : explained.sort((a, b) => b.score - a.score);
    },
    related(a, b) {
      return a === b || (position.has(a) && position.has(b) && relatedPairs.has(`${a}\u0000${b}`));
    },
  };
}

function sum(terms: readonly TermEvidence[]): number {
  return terms.reduce((total, term) => total + term.weight, 0);
}
