/** The requester's own words split into what they point at and what they deny. */
export interface NegatedSplit {
  affirmed: string;
  /** Words under negation ("don't touch X", "X is fine"): evidence against what they name. */
  denied: string;
}

// Clauses end at punctuation, a dash between spaces, or a line; a denial never reaches past one.
const CLAUSE = /[^,;.:!?\n]+(?:\s[-–—]\s)?|[,;.:!?\n]+/g;

// "don't touch X", "not the new X", "anything but X", "no changes to X": the rest of the clause
// after the trigger is denied.
const DENIAL_BEFORE = new RegExp(
  String.raw`^(\s*(?:[\w']+\s+){0,4}?)(?:` +
    [
      String.raw`(?:please\s+)?(?:don'?t|do not|never|pls don'?t)\s+(?:touch|change|modify|edit|bother with|look (?:at|in)|work (?:in|on)|go (?:into|near)|do (?:it|this|that|anything) (?:in|on|with)|put (?:it|this) (?:in|into))`,
      String.raw`without (?:touching|changing|modifying|editing|using)`,
      String.raw`no (?:changes?|edits?) (?:to|in)`,
      String.raw`no need to (?:look at|touch|check|change|open)`,
      String.raw`(?:anything|everything|any repo|anywhere) (?:but|except|other than)`,
      String.raw`(?:except(?: for)?|other than|rather than|instead of|apart from)`,
      String.raw`nothing to do with`,
      String.raw`(?:unrelated|not related) to`,
      String.raw`(?:this|it|that)(?: one)? (?:isn'?t|is not|'s not|s not) (?:for|in|about|a|an)`,
      String.raw`(?:we'?re|we are|i'?m|i am) not (?:\w+ing\s+)?(?:this|it|that)?\s*(?:in|on|for)`,
      String.raw`the (?:problem|bug|issue|cause|culprit) (?:isn'?t|is not|'s not)(?: in)?`,
    ].join("|") +
    String.raw`)\b`,
  "i",
);
// A clause that opens by setting a target aside: "not android", "forget the python sdk", "leave
// the ledger alone", "ignore the alert noise from observability".
const DENIAL_OPENING = /^\s*(?:(?:so|but|and|ok|okay|also)\s+)?(?:not|forget(?: about)?)\b/i;
const LEAVE_ALONE = /^(.*?)\bleave\s+(.*?)\s+(?:alone|as it is|as is|out of (?:it|this))\b(.*)$/i;
// "X is fine", "X and Y are fine", "X isn't the culprit", "X is not the problem": the subject is
// denied, with the rest of its clause ("tax rates are correct (I checked avalara)").
const DENIAL_AFTER =
  /^(.*?)(?:\s(?:is|are|was|were|looks?|seems?)|'s)\s+(?:(?:totally|all|perfectly|working)\s+)?(?:fine|ok|okay|correct|right|good|unaffected|innocent|not the (?:culprit|problem|issue|cause)|not at fault|not the one|not broken|working(?: fine)?)\b(.*)$/i;
const CONTRAST = /\b(?:but|though|although|however|yet|whereas|while)\b/i;
const WORK_PLACE = /\s(?:in|inside|within)\s/i;
const DENIAL_AFTER_NOT =
  /^(.*?)\s(?:isn'?t|aren'?t|is not|are not|wasn'?t)\s+(?:the\s+)?(?:culprit|problem|issue|cause|at fault|broken|to blame)\b(.*)$/i;

/**
 * Finds the requester's denials and takes them out of their words: "don't touch the storefront",
 * "not the new search service, the indexer", "anything but payments", "the ledger is fine, the
 * problem is in billing". A name under negation counts against its target, never for it.
 * Mid-clause "not" ("checkout is not working") is not a denial of anything.
 *
 * @example
 * splitNegatedText("the ios app is fine, the shared module crashes");
 * // { affirmed: " , the shared module crashes", denied: "the ios app" }
 */
export function splitNegatedText(text: string): NegatedSplit {
  const denied: string[] = [];
  const affirmed = text.replace(CLAUSE, (clause) => {
    const normalized = clause.replace(/[’‘]/g, "'");
    const leave = LEAVE_ALONE.exec(normalized);
    if (leave) {
      denied.push(leave[2] ?? "");
      return ` ${leave[1] ?? ""} ${leave[3] ?? ""} `;
    }
    const after = DENIAL_AFTER.exec(normalized) ?? DENIAL_AFTER_NOT.exec(normalized);
    if (after) {
      // "the storefront looks fine but the cart breaks on mobile": the turn starts the subject.
      const rest = after[2] ?? "";
      const turn = CONTRAST.exec(rest);
      denied.push(`${after[1] ?? ""} ${turn ? rest.slice(0, turn.index) : rest}`);
      return ` ${turn ? rest.slice(turn.index) : ""} `;
    }
    const before = DENIAL_BEFORE.exec(normalized);
    if (before) {
      // "don't change the public API in acme/sdk-js": what is set aside is the API; the place
      // after "in" is where the work happens.
      const rest = normalized.slice(before[0].length);
      const place = WORK_PLACE.exec(rest);
      denied.push(place ? rest.slice(0, place.index) : rest);
      return ` ${before[1] ?? ""} ${place ? rest.slice(place.index) : ""} `;
    }
    if (DENIAL_OPENING.test(normalized)) {
      denied.push(normalized);
      return " ";
    }
    return clause;
  });
  return { affirmed, denied: denied.join("\n") };
}
