import type { LexicalEvidence } from "./create-lexical-index.js";
import { REQUEST_CONTEXT_KEYS } from "./request-context.js";
import { splitRequestText } from "./split-request-text.js";
import { tokenizeText } from "./tokenize-text.js";

// How much each source says about the target, relative to the request's own words. A title is
// the request's subject; a channel or team name a strong hint; old thread messages and long
// descriptions drift to other topics.
const CONTEXT_WEIGHTS: ReadonlyArray<readonly [string, number]> = [
  [REQUEST_CONTEXT_KEYS.linearTitle, 1],
  [REQUEST_CONTEXT_KEYS.githubTitle, 1],
  [REQUEST_CONTEXT_KEYS.slackChannelName, 0.7],
  [REQUEST_CONTEXT_KEYS.linearLabels, 0.7],
  [REQUEST_CONTEXT_KEYS.linearProject, 0.6],
  [REQUEST_CONTEXT_KEYS.slackChannelTopic, 0.5],
  [REQUEST_CONTEXT_KEYS.linearDescription, 0.5],
  [REQUEST_CONTEXT_KEYS.linearTeamName, 0.5],
  [REQUEST_CONTEXT_KEYS.linearTeam, 0.5],
  [REQUEST_CONTEXT_KEYS.slackThread, 0.4],
];

// Pasted and quoted material is ordinary text: it says what the request is about, less than the
// requester's own words do. Denied words count against their target as much as the same words
// would count for it.
const QUOTED_SHARE = 0.3;
const DENIED_SHARE = -1;
// When the request's own words name nothing ("can you fix it?") or point back at the
// conversation ("please make it match the docs"), the thread and the channel are its subject.
const REFERRING_BACK_MAX_TOKENS = 12;
const REFERRING_BACK = /\b(?:it|this|that|these|those|same|above)\b/i;
const RAISED_CONTEXT_WEIGHTS: ReadonlyMap<string, number> = new Map([
  [REQUEST_CONTEXT_KEYS.slackThread, 1],
  [REQUEST_CONTEXT_KEYS.slackChannelTopic, 0.8],
]);

/**
 * The request's prompt and the platform context it carries, each with the weight the scorer gives
 * it, and each read like the prompt: its own words, what it quotes, what it denies (a Linear
 * description or a title can carry an injected instruction as well as a message can).
 * `promptNamesNothing`: the prompt alone matched no target, so the conversation weighs more.
 */
export function collectLexicalEvidence(
  prompt: string,
  context: Readonly<Record<string, string>>,
  { promptNamesNothing = false }: { promptNamesNothing?: boolean } = {},
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
  for (const [key, weight] of CONTEXT_WEIGHTS) {
    const text = context[key];
    if (text) add(text, raised ? Math.max(weight, RAISED_CONTEXT_WEIGHTS.get(key) ?? 0) : weight);
  }
  return evidence;
}

function refersBack(own: string): boolean {
  return tokenizeText(own).length <= REFERRING_BACK_MAX_TOKENS && REFERRING_BACK.test(own);
}
