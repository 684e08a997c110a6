import type { LexicalEvidence } from "./create-lexical-index.js";
import { STOP_WORDS, tokenizeText } from "./tokenize-text.js";

/** The words of a catalog phrase ("shipping label") count for its target too, a little. */
const PHRASE_PART_WEIGHT = 1.5;

export interface Posting {
  target: number;
  weight: number;
}

/**
 * The catalog terms in the evidence (words, and 2- or 3-word phrases some catalog phrase starts
 * with), each counted once at its strongest weight for, and its strongest weight against.
 */
export function countTerms(
  evidence: readonly LexicalEvidence[],
  postings: ReadonlyMap<string, Posting[]>,
  phrasePrefixes: ReadonlySet<string>,
  longestPhrase: number,
): { seen: Map<string, number>; against: Map<string, number> } {
  const seen = new Map<string, number>();
  const against = new Map<string, number>();
  for (const { text, weight: signed } of evidence) {
    if (signed === 0 || text.length === 0) continue;
    const weight = Math.abs(signed);
    const counted = signed > 0 ? seen : against;
    const tokens = tokenizeText(text);
    for (let start = 0; start < tokens.length; start += 1) {
      let term = "";
      for (let length = 1; length <= longestPhrase && start + length <= tokens.length; length += 1) {
        term = length === 1 ? (tokens[start] as string) : `${term} ${tokens[start + length - 1]}`;
        if (
          !(length === 1 && STOP_WORDS.has(term)) &&
          postings.has(term) &&
          (counted.get(term) ?? 0) < weight
        )
          counted.set(term, weight);
        // Longer phrases are only built when some catalog phrase starts this way.
        if (!phrasePrefixes.has(term)) break;
      }
    }
  }
  return { seen, against };
}

/** A target's terms, each at its strongest weight, and the field that gave it that weight. */
export interface Terms {
  weights: Map<string, number>;
  fields: Map<string, string>;
}

export function newTerms(): Terms {
  return { weights: new Map(), fields: new Map() };
}

export function addTerm(terms: Terms, phrase: string, weight: number, field: string): void {
  const term = tokenizeText(phrase).join(" ");
  if (term.length > 0 && (terms.weights.get(term) ?? 0) < weight) {
    terms.weights.set(term, weight);
    terms.fields.set(term, field);
  }
}

export function addPhrases(terms: Terms, phrases: readonly string[], weight: number, field: string): void {
  for (const phrase of phrases) {
    addTerm(terms, phrase, weight, field);
    if (tokenizeText(phrase).length > 1) addWords(terms, phrase, PHRASE_PART_WEIGHT, field);
  }
}

export function addWords(terms: Terms, text: string, weight: number, field: string): void {
  for (const word of tokenizeText(text)) {
    if (!STOP_WORDS.has(word) && word.length > 1) addTerm(terms, word, weight, field);
  }
}
