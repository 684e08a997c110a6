/** The handle people write to call Baton on GitHub (`@baton`), unless the catalog names another. */
export const DEFAULT_GITHUB_MENTION = "baton";

export type MentionSearch = { found: true; instruction: string } | { found: false };

// A quote (`> …`) or code repeats someone's words; it does not call Baton, nor does what GitHub
// does not show (an HTML comment). Code is fenced (``` or ~~~), inline, or indented four spaces
// (or a tab) after a blank line.
const FENCED_CODE = /(```|~~~)[\s\S]*?(\1|$)/g;
const INDENTED_CODE = /(^|\n[ \t]*\n)(?:(?: {4}|\t)[^\n]*(?:\n|$))+/g;
const INLINE_CODE = /`[^`\n]*`/g;
const QUOTE_LINE = /^\s*>.*$/gm;
const HTML_COMMENT = /<!--[\s\S]*?(-->|$)/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// Built once per handle (there is one, the catalog's), not on every webhook.
const mentionPatterns = new Map<string, RegExp>();

function mentionPattern(handle: string): RegExp {
  let pattern = mentionPatterns.get(handle);
  if (!pattern) {
    pattern = new RegExp(`(^|[^\\w@/.-])@${escapeRegExp(handle)}(?![\\w-])`, "gi");
    mentionPatterns.set(handle, pattern);
  }
  // A global pattern remembers where it last matched: every search starts from the beginning.
  pattern.lastIndex = 0;
  return pattern;
}

/**
 * Whether `text` calls Baton with `@<handle>` (a whole mention, outside quotes and code), and what
 * it asks: the text without the mention, trimmed.
 *
 * @example findBatonMention("@baton fix the flaky test", "baton") // { found: true, instruction: "fix the flaky test" }
 * @example findBatonMention("cc @baton-team", "baton") // { found: false }
 */
export function findBatonMention(
  text: string | null | undefined,
  handle = DEFAULT_GITHUB_MENTION,
): MentionSearch {
  if (!text?.includes("@")) return { found: false };
  const mention = mentionPattern(handle);
  const spoken = text
    .replace(FENCED_CODE, "")
    .replace(HTML_COMMENT, "")
    .replace(INDENTED_CODE, "$1")
    .replace(INLINE_CODE, "")
    .replace(QUOTE_LINE, "");
  if (!mention.test(spoken)) return { found: false };
  const instruction = text
    .replace(mention, "$1")
    .replace(/[ \t]{2,}/g, " ")
    .trim();
  return { found: true, instruction };
}
