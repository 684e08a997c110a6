import { type Catalog, parseRequestText, targetId } from "@baton/core";

export type ElicitationAnswer =
  | { kind: "chosen"; targetRef: string }
  /** The text is not an answer to the question (a new instruction, a question back). */
  | { kind: "not_an_answer" };

const NO_REPOSITORY = /^(no|none|without)( ?(repo|repository|codebase))?\.?$/i;

/**
 * Reads a reply to Baton's "which codebase?" elicitation: a number from the list, "no
 * repository", or a repository or environment named as the classifier reads names in text.
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
  const named = parseRequestText(answer, catalog).hints.target?.target;
  return named ? { kind: "chosen", targetRef: targetId(named) } : { kind: "not_an_answer" };
}
