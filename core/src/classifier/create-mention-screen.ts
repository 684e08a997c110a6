import type { Catalog } from "../config/catalog.js";
import { stemWord, tokenizeText } from "./tokenize-text.js";

/** `false` only when the text cannot name a target in so many words; `true` means "read it in full". */
export type MentionScreen = (text: string) => boolean;

// Every way of naming a target needs one of these, or a catalog word: a path (`owner/name`, a
// link), a prefix (`repo:`, `env:`), an environment word, or "no repo"/"without a codebase".
const MAY_NAME_TARGET = /\/|env|repo|base/i;
// Outside ASCII, lowercasing and the curly-quote folding of the full read change characters, so
// the word-by-word reasoning below would not hold: such texts (and, to keep the pattern plain,
// those with control characters other than tabs and line breaks) are always read in full.
const NOT_PLAIN_ASCII = /[^ -~\t\n\r]/;
const NOT_ALPHANUMERIC = /[^a-z0-9]+/;

/**
 * A cheap screen in front of `findExplicitMentions`, which runs a dozen regular expressions
 * (injection masking, quotes, negation) before it looks anything up; on a code host's
 * acknowledgement path that full read was the largest single cost of a one-line comment.
 *
 * It is exact in one direction: whenever the full read would find a mention, the screen says
 * `true`. The full read only ever replaces spans of the text with line breaks or spaces (bots
 * send plain text, their platform's markup already rendered), so every word it looks up is a word
 * of the text.
 * A catalog word is then either a distinctive repository name, which starts with one of the
 * text's alphanumeric runs, or the first word of a repository alias, which is one of the text's
 * words as `tokenizeText` stems it. A property test holds the screen to this.
 */
export function createMentionScreen(catalog: Catalog): MentionScreen {
  const firstWords = new Set<string>();
  let screensNothing = false;
  for (const { repo, aliases } of catalog.repositories) {
    const name = repo.split("/")[1]?.toLowerCase() ?? "";
    // Every repository name is kept, distinctive or not: that stays exact as the catalog's rule
    // for "distinctive" changes, and a plain name ("web") only costs some texts the full read.
    const firstRun = name.split(NOT_ALPHANUMERIC).find((run) => run.length > 0);
    if (firstRun === undefined) screensNothing = true;
    else firstWords.add(firstRun);
    for (const alias of aliases) {
      const [first] = tokenizeText(alias);
      if (first !== undefined) firstWords.add(first);
    }
  }
  if (screensNothing) return () => true;
  return (text) => {
    if (MAY_NAME_TARGET.test(text) || NOT_PLAIN_ASCII.test(text)) return true;
    for (const word of text.toLowerCase().split(NOT_ALPHANUMERIC)) {
      if (word.length > 0 && (firstWords.has(word) || firstWords.has(stemWord(word)))) return true;
    }
    return false;
  };
}
