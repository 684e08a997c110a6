// "code" alone is left out: "no code changes" and "without code examples" are common.
const CODEBASE = "(?:repo|repos|repository|repositories|codebase|code ?base)";

// Each says the work needs no codebase.
const NO_REPOSITORY_PATTERNS = [
  new RegExp(String.raw`\bno ${CODEBASE}\b`, "gi"),
  new RegExp(String.raw`\bwithout (?:a |any |the |touching (?:a |any |the )?)?${CODEBASE}\b`, "gi"),
  new RegExp(
    String.raw`\b(?:doesn'?t|does not|don'?t|do not|won'?t|will not) (?:need|require|involve) (?:a |any )?${CODEBASE}\b`,
    "gi",
  ),
  new RegExp(
    String.raw`\bnot (?:about|related to|tied to|in) (?:a |any )?(?:specific |particular )?${CODEBASE}\b`,
    "gi",
  ),
  /\brepo\s*[:=]\s*none\b/gi,
];

// A negation shortly before the phrase turns it around: "not without the repo", "can't do this
// without the codebase". Only the same clause counts, so the window stops at punctuation.
const NEGATION_BEFORE =
  /\b(?:not|never|cannot|can'?t|won'?t|couldn'?t|shouldn'?t|impossible)\b(?:\s+[\w'’]+){0,3}\s*$/i;

/**
 * The phrase by which the text says it needs no repository ("no repo", "without a codebase"), or
 * `undefined`. Negated phrases ("not without the repo") do not count.
 *
 * @example
 * findNoRepositoryPhrase("quick question, no repo needed"); // "no repo"
 * findNoRepositoryPhrase("this can't be done without the repo"); // undefined
 */
export function findNoRepositoryPhrase(text: string): string | undefined {
  const normalized = text.replace(/[’‘]/g, "'");
  for (const pattern of NO_REPOSITORY_PATTERNS) {
    for (const match of normalized.matchAll(pattern)) {
      const clause =
        normalized
          .slice(0, match.index)
          .split(/[.,;:!?()\n]/)
          .pop() ?? "";
      if (!NEGATION_BEFORE.test(clause)) return match[0];
    }
  }
  return undefined;
}
