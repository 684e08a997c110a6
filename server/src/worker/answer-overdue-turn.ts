import type { FinalReplyClaims, Platform, Replier, Turn, TurnStatus, UserFacingError } from "@baton/core";

const TIMED_OUT: UserFacingError = {
  code: "turn_timed_out",
  message: "Baton stopped this request: it ran longer than this Baton allows. Please send it again.",
};
/** What a person is told of a turn whose workers kept stopping. */
export const LOST_TURN: UserFacingError = {
  code: "internal",
  message: "Baton lost this request: the workers running it kept stopping. Please send it again.",
};

export interface OverdueTurnAnswerOptions {
  /** The repliers behind `guardFinalReplies`, so that the answer is the turn's one final reply. */
  repliers: Partial<Record<Platform, Replier>>;
  claims: FinalReplyClaims;
}

/**
 * The watchdog's answer for a turn past its deadline: nothing when its final reply was posted or
 * it ended with a reply of another kind (a question, a refusal, a stop); otherwise the reply
 * already claimed for it (its worker died while posting it), or that it timed out.
 */
export function createOverdueTurnAnswer({ repliers, claims }: OverdueTurnAnswerOptions) {
  return async function answerOverdueTurn(turn: Turn, status: TurnStatus): Promise<boolean> {
    if (await claims.isDelivered(turn.id)) return true;
    const claimed = await claims.claimed(turn.id);
    if (!claimed && status !== "timed_out" && status !== "failed") return true;
    const replier = repliers[turn.request.conversation.platform];
    if (!replier) return true;
    // The guard delivers the claimed reply when there is one; ours only claims an empty slot.
    await replier.failed(turn, status === "failed" ? LOST_TURN : TIMED_OUT);
    return claims.isDelivered(turn.id);
  };
}
