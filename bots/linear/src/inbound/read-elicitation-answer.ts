import { type Catalog, parseRequestText, targetId } from "@baton/core";

export type ElicitationAnswer =
  | {
      kind: "chosen";
      targetRef: string;
      /**
       * The reply says more than its choice ("also fix the docs in acme/web"): it is an
       * instruction too, which runs as a follow-up once the waiting request has.
       */
      alsoAPrompt?: true;
    }
  /** The text is not an answer to the question (a new instruction, a question back). */
  | { kind: "not_an_answer" };

const NO_REPOSITORY = /^(no|none|without)( ?(repo|repository|codebase))?\.?$/i;
/** Words that only say which codebase ("use the acme/web repo, please"): no instruction of their own. */
const CHOOSING_WORDS =
  /\b(?:in|on|at|for|use|using|with|go|take|pick|choose|the|a|an|repo|repository|codebase|environment|env|please|pls|thanks|thank you|it'?s|that|this|one|ok|okay|yes|sure|let'?s)\b/gi;

/**
 * Reads a reply to Baton's "which codebase?" elicitation: a number from the list, "no
 * repository", or a repository or environment named as the classifier reads names in text,
 * alone or in an instruction.
 */
export function readElicitationAnswer(
  text: string,
  candidates: readonly string[],
  catalog: Catalog,
): ElicitationAnswer {
  const answer = text.trim().replace(/^#/, "");
  if (/^\d+$/.test(answer)) {
    const picked = candidates[Number(answer) - 1];
    return picked ? { kind: "chosen", targetRef: picked } : { kind: "not_an_answer" };
  }
  if (NO_REPOSITORY.test(answer)) return { kind: "chosen", targetRef: "none" };
  const exact = candidates.find((ref) => ref.toLowerCase() === answer.toLowerCase());
  if (exact) return { kind: "chosen", targetRef: exact };
  const { prompt, hints } = parseRequestText(answer, catalog);
  const named = hints.target?.target;
  if (!named) return { kind: "not_an_answer" };
  // What is left once the name (and any other path or URL) and the words of a choice are gone.
  const rest = prompt
    .replace(hints.target?.text ?? "", " ")
    .replace(/\S*\/\S*/g, " ")
    .replace(CHOOSING_WORDS, " ");
  return {
    kind: "chosen",
    targetRef: targetId(named),
    ...(/\p{L}/u.test(rest) ? { alsoAPrompt: true as const } : {}),
  };
}
