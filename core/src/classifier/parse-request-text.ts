import type { Catalog } from "../config/catalog.js";
import type { TargetHint } from "../schemas/target.js";
import { findExplicitMentions } from "./find-explicit-mentions.js";
import { indexCatalog } from "./index-catalog.js";

/** A message split into what the agent should read and what it tells Baton. */
export interface ParsedRequestText {
  /** The text without its flags. */
  prompt: string;
  hints: { target?: TargetHint; model?: string };
}

// Flags start a word: "!model gpt-5", "!model=gpt-5", "--model gpt-5", "!repo acme/api", "!env checkout", "!no-repo".
const MODEL_FLAG = /(^|\s)(?:!|--)model(?:\s*=\s*|\s+)([\w.:/@-]+)/gi;
const REPOSITORY_FLAG = /(^|\s)!repo(?:\s*=\s*|\s+)([\w./-]+)/gi;
const ENVIRONMENT_FLAG = /(^|\s)!env(?:\s*=\s*|\s+)(?:env:)?([\w.-]+)/gi;
/** Marks where a flag was taken out (a private-use character), so that only the space around it is tidied. */
const FLAG_REMOVED = "\uE000";
const SPACE_AROUND_REMOVED_FLAG = /[ \t]*\uE000[ \t]*(\n|$)?/g;
const NO_REPOSITORY_FLAG = /(^|\s)!(?:no-?repo|none)(?=\s|$)/gi;
/** Every flag above starts with `!` or `--`. */
const MAY_HAVE_FLAG = /!|--/;
/** The opening of any flag above, kept apart from its name by `defuseRequestFlags`. */
const FLAG_OPENING = /(^|\s)(!|--)(?=(?:model|repo|env|no-?repo|none)\b)/gi;

/**
 * Text that the requester passes on but did not write (a forwarded message), with its flags
 * broken (`!repo x` → `! repo x`), so that `parseRequestText` reads none of them: someone else's
 * words may inform a request, never choose its target or model.
 */
export function defuseRequestFlags(text: string): string {
  return text.replace(FLAG_OPENING, "$1$2 ");
}

/**
 * Reads the flags out of a message (`!model …`, `!repo …`, `!env …`, `!no-repo`) and the target
 * it names in so many words. Inbound adapters call it when they build a `SessionRequest`: the
 * prompt becomes `text` and the hints `hints`, so that a follow-up that names a new target
 * switches the session's target. A repository alias alone ("the storefront") is not a hint: in a
 * follow-up it is more often a word than a choice. When the text names several targets there is
 * no target hint; the classifier asks on a first turn, and a follow-up keeps its target.
 *
 * @example
 * parseRequestText("!model gpt-5 fix the flaky test in acme/api", catalog);
 * // { prompt: "fix the flaky test in acme/api",
 * //   hints: { model: "gpt-5", target: { text: "acme/api", target: { kind: "repository", repo: "acme/api" } } } }
 */
export function parseRequestText(text: string, catalog: Catalog): ParsedRequestText {
  const index = indexCatalog(catalog);
  let model: string | undefined;
  let flagged: TargetHint | undefined;
  const strip = (pattern: RegExp, read: (value: string) => void) => {
    text = text.replace(pattern, (_all, space: string, value: string | undefined) => {
      read(value ?? "");
      return `${space}${FLAG_REMOVED}`;
    });
  };
  // Most requests have no flag: the four replacements below cost more than the rest of a plain read.
  if (MAY_HAVE_FLAG.test(text)) {
    strip(MODEL_FLAG, (value) => {
      model = value;
    });
    strip(REPOSITORY_FLAG, (value) => {
      const target = index.mentions.resolveLoosely(value);
      flagged = target ? { text: value, target } : { text: value };
    });
    strip(ENVIRONMENT_FLAG, (value) => {
      const target = index.mentions.environmentByName(value);
      flagged = target ? { text: `env:${value}`, target } : { text: `env:${value}` };
    });
    strip(NO_REPOSITORY_FLAG, () => {
      flagged = { text: "no repository", target: { kind: "none" } };
    });
  }
  // Only the spaces a flag leaves behind go: the rest of the text (code, diffs) keeps its spacing.
  const prompt = text.replace(SPACE_AROUND_REMOVED_FLAG, (_gap, lineEnd?: string) => lineEnd ?? " ").trim();

  const hints: ParsedRequestText["hints"] = {};
  if (model !== undefined) hints.model = model;
  const target = flagged ?? namedTarget(prompt, index);
  if (target) hints.target = target;
  return { prompt, hints };
}

function namedTarget(prompt: string, index: ReturnType<typeof indexCatalog>): TargetHint | undefined {
  const strong = findExplicitMentions(prompt, index.mentions).filter((m) => m.strength === "strong");
  const [only, ...others] = strong;
  return only && others.length === 0 ? { text: only.text, target: only.target } : undefined;
}
