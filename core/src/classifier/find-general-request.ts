// The ways people ask for something no codebase holds: prose, a poem, an explanation of a general
// idea, a translation. Each must open the request (after a greeting or "can you"), so "fix the
// haiku generator" or "explain why the ledger double counts" stay requests about code.
const OPENING =
  /^(?:(?:hey|hi|hello|ok|okay|so|quick question|q|random question)\b[\s,:!-]*)*(?:(?:can|could|would) you\s+|please\s+|pls\s+)*/i;
const GENERAL_REQUESTS: readonly RegExp[] = [
  /^(?:write|compose|give me|make up)\s+(?:me\s+)?(?:a|an|some)\s+(?:\w+\s+)?(?:haiku|poem|limerick|song|joke|story|sonnet|riddle|rap|toast|pun)s?\b/i,
  /^tell me (?:a|an|some) (?:\w+\s+)?(?:joke|story|fun fact|riddle)s?\b/i,
  /^(?:explain|describe)\s+(?:to me\s+)?(?:what|how)\s+(?:a|an)\s/i,
  /^(?:explain|describe|what(?:'s| is| are))\s+the (?:difference|differences) between\b/i,
  /^(?:explain|describe)\b.*\blike i'?m (?:five|5|a child|new)\b/i,
  /^what(?:'s| is)\s+(?:a|an)\s+good\s+(?:name|word|title|analogy|metaphor|way to (?:say|explain|describe|phrase|tell|introduce))\b/i,
  /^what(?:'s| is)\s+(?:a|an|the)\s+(?:regex|regular expression|formula|plural|synonym|opposite)\s+(?:for|of)\b/i,
  /^what (?:time|day|date) is it\b/i,
  /^translate\b/i,
  /^(?:draft|write)\s+(?:me\s+)?(?:(?:a|an|the|some)\s+)?(?:[\w-]+\s+){0,3}(?:reply|response|message|email|note|announcement|tweet|post|letter|apology|thank[- ]you|questions|agenda|outline|memo|job description)\b/i,
  /^summari[sz]e\s+(?:the\s+)?(?:pros and cons|trade-?offs|differences?)\b/i,
  /^summari[sz]e\s+(?:the\s+)?(?:\w+\s+)?(?:from|of|in)\s+(?:this|the)\s+(?:thread|conversation|discussion|meeting|call)\b/i,
  /^give me\s+(?:a|an|some)\s+(?:good\s+)?(?:commit message|name|names|idea|ideas|analogy|example sentence)\b/i,
  /^how (?:do|can|should) i\s+(?:undo|revert|squash|rebase|amend|stash|cherry-pick|rename a branch|delete a branch)\b.*\bgit\b/i,
];
// Words that put a general-sounding request inside the team's own code ("write a poem for our
// 404 page", "draft an announcement in the docs repo").
const OWN_CODE =
  /\b(?:our|ours|we|us|in the (?:[\w-]+\s+){0,2}(?:repo|repository|codebase|service|app))\b|[\w.-]+\/[\w.-]+/i;

/**
 * The opening that shows a request needs no codebase ("write a haiku", "explain what a mutex
 * is", "what's a good name for…"), or `undefined`. Such a request goes to "no repository"
 * instead of a picker, whatever its words share with the catalog ("explain what a kafka consumer
 * group is"), unless it places itself in the team's own code.
 *
 * @example
 * findGeneralRequest("write a haiku about friday deploys"); // "write a haiku"
 * findGeneralRequest("write a haiku generator for our 404 page"); // undefined
 */
export function findGeneralRequest(text: string): string | undefined {
  const trimmed = text.trim().replace(/[’‘]/g, "'");
  if (OWN_CODE.test(trimmed)) return undefined;
  const request = trimmed.replace(OPENING, "");
  for (const pattern of GENERAL_REQUESTS) {
    const match = pattern.exec(request);
    if (match) return match[0];
  }
  return undefined;
}
