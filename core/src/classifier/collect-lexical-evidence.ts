import type { ClassifierContext } from "../contracts/platform-policy.js";
import type { LexicalEvidence } from "./create-lexical-index.js";
import { splitRequestText } from "./split-request-text.js";
import { tokenizeText } from "./tokenize-text.js";

// Pasted and quoted material is ordinary text: it says what the request is about, less than the
// requester's own words do. Denied words count against their target as much as the same words
// would count for it.
const QUOTED_SHARE = 0.3;
const DENIED_SHARE = -1;
// When the request's own words name nothing ("can you fix it?") or point back at the
// conversation ("please make it match the docs"), the conversation is its subject: its context
// weighs what the platform says it weighs then (`referredTo`).
const REFERRING_BACK_MAX_TOKENS = 12;
const REFERRING_BACK = /\b(?:it|this|that|these|those|same|above)\b/i;

/**
 * The request's prompt and the platform context it carries, each with the weight its platform
 * gives it (`weights`), and each read like the prompt: its own words, what it quotes, what it
 * denies (an issue's description or a title can carry an injected instruction as well as a
 * message can). `promptNamesNothing`: the prompt alone matched no target, so the conversation
 * weighs more.
 */
export function collectLexicalEvidence(
  prompt: string,
  context: Readonly<Record<string, string>>,
  {
    promptNamesNothing = false,
    weights = [],
  }: { promptNamesNothing?: boolean; weights?: ClassifierContext["weights"] } = {},
): LexicalEvidence[] {
  const evidence: LexicalEvidence[] = [];
  const add = (text: string, weight: number) => {
    const parts = splitRequestText(text);
    evidence.push(
      { text: parts.own, weight },
      { text: parts.quoted, weight: weight * QUOTED_SHARE },
      { text: parts.denied, weight: weight * DENIED_SHARE },
    );
  };
  add(prompt, 1);
  const raised = promptNamesNothing || refersBack(splitRequestText(prompt).own);
  for (const { key, weight, referredTo = 0 } of weights) {
    const text = context[key];
    if (text) add(text, raised ? Math.max(weight, referredTo) : weight);
  }
  return evidence;
}

function refersBack(own: string): boolean {
  return tokenizeText(own).length <= REFERRING_BACK_MAX_TOKENS && REFERRING_BACK.test(own);
}
