/**
 * Words as the classifier compares them: lowercased, split on anything that is not a letter or a
 * digit (so `feature-flags`, `feature_flags` and `feature flags` read alike), and stemmed lightly
 * so that plurals match (`refunds` → `refund`, `dependencies` → `dependency`).
 */
export function tokenizeText(text: string): string[] {
  const tokens: string[] = [];
  for (const word of text.toLowerCase().split(NON_WORD)) {
    if (word.length > 0) tokens.push(stemWord(word));
  }
  return tokens;
}

const NON_WORD = /[^\p{L}\p{N}]+/u;

/** Strips a plural ending; short words (`ios`, `aws`) and `-ss`/`-us`/`-is` words keep theirs. */
export function stemWord(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith("s") && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Words too common to say anything about a target, stemmed as `tokenizeText` stems them. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "a an and are as at be been but by can could do doe does did for from had has have he her here how i if in " +
    "into is it its just let me my no not of on or our out please so some than that the their them then there " +
    "these they thi this to up us was we were what when where which while who why will with would you your " +
    "about after again all also any because before being between both each few more most much must need new " +
    "now only other over same should still such too under until very via want way well yet get got make use " +
    "used using look like see seem hey hi thank thanks today tomorrow yesterday someone something anyone " +
    "team work working help fix issue bug problem question quick one two it's i'm can't don't doesn't won't"
  )
    .split(" ")
    .map(stemWord),
);
