import { knownSecretForms } from "./known-secret-forms.js";
import { findSecretLookingToken } from "./looks-like-secret.js";
import { SECRET_PATTERNS, type SecretPattern } from "./secret-patterns.js";

export interface RedactorOptions {
  /** Values of every secret Baton holds (`configuredSecrets(config)`): replaced wherever they appear. */
  knownSecrets: readonly string[];
  /** Defaults to the maintained `SECRET_PATTERNS`. */
  patterns?: readonly SecretPattern[];
}

export interface RedactedText {
  text: string;
  /** How many secrets were replaced by a marker. */
  redactions: number;
  /** How many blocks were withheld whole because they still looked secret after redaction. */
  withheldBlocks: number;
}

export interface Redactor {
  redact(text: string): RedactedText;
}

/** What stands in for a block that still looked like it held a secret after redaction. */
export const WITHHELD_BLOCK_NOTICE =
  "[withheld: this block still looked like it held a secret after redaction]";

/**
 * Removes secrets from text that is about to leave Baton through a share, in three steps:
 * 1. the known values of Baton's own secrets, in every spelling they may take;
 * 2. the maintained rule set of secret formats (`SECRET_PATTERNS`);
 * 3. fail closed: a block (text between blank lines) that still holds a random-looking token is
 *    replaced whole by `WITHHELD_BLOCK_NOTICE`.
 *
 * @example
 * const { redact } = createRedactor({ knownSecrets: configuredSecrets(config) });
 * redact("token: ghp_0123…").text; // "token: [REDACTED:github-token]"
 */
export function createRedactor({ knownSecrets, patterns = SECRET_PATTERNS }: RedactorOptions): Redactor {
  const forms = knownSecretForms(knownSecrets);

  return {
    redact(text) {
      let redactions = 0;
      let result = text;
      for (const form of forms) {
        const parts = result.split(form);
        if (parts.length === 1) continue;
        redactions += parts.length - 1;
        result = parts.join(marker("known-secret"));
      }
      for (const rule of patterns) {
        result = result.replace(rule.pattern, (match: string, ...rest: unknown[]) => {
          const groups = rest.at(-1) as Record<string, string | undefined> | undefined;
          const pre = (typeof groups === "object" && groups?.pre) || "";
          const post = (typeof groups === "object" && groups?.post) || "";
          const secret = match.slice(pre.length, match.length - post.length);
          if (rule.accept && !rule.accept(secret)) return match;
          redactions += 1;
          return `${pre}${marker(rule.name)}${post}`;
        });
      }
      let withheldBlocks = 0;
      const blocks = result.split(/(\n[ \t]*\n)/);
      for (let i = 0; i < blocks.length; i += 2) {
        if (findSecretLookingToken(blocks[i] ?? "") === null) continue;
        blocks[i] = withholdBlock(blocks[i] ?? "");
        withheldBlocks += 1;
      }
      return { text: blocks.join(""), redactions, withheldBlocks };
    },
  };
}

/**
 * A fence line's marker, without what follows it: an info string is shown (as the code's
 * language) and may hold the token itself. Backticks after a backtick marker make the line inline
 * code, not a fence, so it is content like any other line.
 */
const FENCE_MARKER = /^\s*(?:`{3,}(?=[^`]*$)|~{3,})/;

/** Replaces a block by the notice, keeping its code fences so the rest of the markdown stays intact. */
function withholdBlock(block: string): string {
  const kept: string[] = [];
  for (const line of block.split("\n")) {
    const fence = FENCE_MARKER.exec(line)?.[0];
    if (fence !== undefined) kept.push(fence);
    else if (!kept.includes(WITHHELD_BLOCK_NOTICE)) kept.push(WITHHELD_BLOCK_NOTICE);
  }
  return kept.join("\n");
}

function marker(rule: string): string {
  return `[REDACTED:${rule}]`;
}
