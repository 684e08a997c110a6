import {
  type Catalog,
  conversationKey,
  conversationLedgerId,
  REPLY_FIELDS as FIELDS,
  type ReplyLedger,
  type SessionRequest,
} from "@baton/core";
import { readElicitationAnswer } from "./read-elicitation-answer.js";

/** The part of the conversation controls (`createConversationControls`) that answers a target picker. */
export interface ElicitationPicker {
  pick(input: { mode: "ask"; turnId: string; targetRef: string; userId: string }): Promise<{ kind: string }>;
}

export type ElicitationAnswerOutcome =
  /**
   * The waiting request was started on the chosen target (or had been already). `alsoAPrompt`:
   * the reply said more than its choice, and runs as a follow-up too.
   */
  | { kind: "answered"; turnId: string; targetRef: string; pick: string; alsoAPrompt?: true }
  /** No question is waiting in this agent session, or the text does not answer it. */
  | { kind: "not_an_answer" };

/**
 * A `prompted` event may answer Baton's "which codebase?" elicitation: then the waiting request
 * starts on the chosen target (through the same picker the other platforms use), instead of the
 * reply running as a prompt of its own. One Redis read when nothing waits.
 */
export function createElicitationAnswerer({
  ledger,
  catalog,
  picker,
}: {
  ledger: ReplyLedger;
  catalog: Catalog;
  picker: ElicitationPicker;
}) {
  return async function answerElicitation(request: SessionRequest): Promise<ElicitationAnswerOutcome> {
    const sessionId = conversationLedgerId(conversationKey(request.conversation));
    const turnId = await ledger.get(sessionId, FIELDS.askingTurn);
    if (!turnId) return { kind: "not_an_answer" };
    const candidates = JSON.parse((await ledger.get(sessionId, FIELDS.askingCandidates)) ?? "[]") as string[];
    const answer = readElicitationAnswer(request.text, candidates, catalog);
    if (answer.kind === "not_an_answer") return answer;
    const picked = await picker.pick({
      mode: "ask",
      turnId,
      targetRef: answer.targetRef,
      userId: request.actor.id,
    });
    const answeredBy = FIELDS.answeredBy(turnId);
    if (picked.kind === "started") await ledger.set(sessionId, answeredBy, request.deliveryId);
    // A question answers once; Linear redelivering the answer must not run it as a prompt after all.
    // An answer intake refused was told why, and the question stays open: it is no prompt either.
    else if (
      picked.kind !== "refused" &&
      (picked.kind !== "already_chosen" || (await ledger.get(sessionId, answeredBy)) !== request.deliveryId)
    )
      return { kind: "not_an_answer" };
    return {
      kind: "answered",
      turnId,
      targetRef: answer.targetRef,
      pick: picked.kind,
      ...(answer.alsoAPrompt && picked.kind !== "refused" ? { alsoAPrompt: true as const } : {}),
    };
  };
}
