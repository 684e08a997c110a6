import { tokenizeText } from "./tokenize-text.js";

export interface PhraseMatch<T> {
  /** The phrase as tokens joined by spaces, e.g. `feature flag`. */
  phrase: string;
  value: T;
}

/** Finds whole-word, case-insensitive phrases in tokenized text in one pass over its tokens. */
export interface PhraseMatcher<T> {
  match(tokens: readonly string[]): PhraseMatch<T>[];
}

/**
 * Indexes phrases by their token sequence, so a match costs one map lookup per token and phrase
 * length, whatever the number of phrases: the classifier's rule path must stay fast with
 * thousands of repositories. A phrase matches only whole words: `helm` does not match `helmet`.
 *
 * @example
 * const matcher = createPhraseMatcher([{ phrase: "feature flags", value: "acme/flags" }]);
 * matcher.match(tokenizeText("turn the Feature-Flag off")); // [{ phrase: "feature flag", value: "acme/flags" }]
 */
export function createPhraseMatcher<T>(entries: Iterable<{ phrase: string; value: T }>): PhraseMatcher<T> {
  const byPhrase = new Map<string, T[]>();
  const prefixes = new Set<string>();
  let longest = 0;
  for (const { phrase, value } of entries) {
    const tokens = tokenizeText(phrase);
    if (tokens.length === 0) continue;
    const key = tokens.join(" ");
    for (let length = 1; length < tokens.length; length += 1) prefixes.add(tokens.slice(0, length).join(" "));
    const values = byPhrase.get(key) ?? [];
    if (!values.includes(value)) values.push(value);
    byPhrase.set(key, values);
    longest = Math.max(longest, tokens.length);
  }
  return {
    match(tokens) {
      const found = new Map<string, T[]>();
      for (let start = 0; start < tokens.length; start += 1) {
        let key = "";
        for (let length = 1; length <= longest && start + length <= tokens.length; length += 1) {
          key = length === 1 ? (tokens[start] as string) : `${key} ${tokens[start + length - 1]}`;
          const values = byPhrase.get(key);
          if (values && !found.has(key)) found.set(key, values);
          if (!prefixes.has(key)) break;
        }
      }
      return [...found].flatMap(([phrase, values]) => values.map((value) => ({ phrase, value })));
    },
  };
}
