import type { LexicalEvidence } from "./create-lexical-index.js";
import { REQUEST_CONTEXT_KEYS } from "./request-context.js";

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

/** The request's prompt and the platform context it carries, each with the weight the scorer gives it. */
export function collectLexicalEvidence(
  prompt: string,
  context: Readonly<Record<string, string>>,
): LexicalEvidence[] {
  const evidence: LexicalEvidence[] = [{ text: prompt, weight: 1 }];
  for (const [key, weight] of CONTEXT_WEIGHTS) {
    const text = context[key];
    if (text) evidence.push({ text, weight });
  }
  return evidence;
}
