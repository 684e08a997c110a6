import type { Logger } from "../contracts/logger.js";
import type { Replier } from "../contracts/replier.js";
import type { AdmitTurn } from "../contracts/turn-admission.js";
import { describeError } from "../describe-error.js";
import { isRetryableError, toUserFacingError } from "../errors.js";
import type { Turn, TurnStatus } from "../schemas/turn.js";
import type { TurnRunContext } from "./run-turn.js";

/**
 * Asks the platform's access policy about a turn. A refusal ends the turn (the person is told
 * why, when there is something to tell); a policy that cannot answer (its platform is away)
 * fails like any step: retried while tries are left, then told.
 */
export async function admitOrFail(
  admit: AdmitTurn,
  turn: Turn,
  replier: Replier,
  log: Logger,
  context: Pick<TurnRunContext, "isFinalAttempt">,
): Promise<{ kind: "admitted"; turn: Turn } | { kind: "ended"; status: TurnStatus }> {
  try {
    const admission = await admit(turn);
    if (admission.kind === "admitted") return admission;
    log.info("core.turn.declined", { reason: admission.why });
    if (admission.reason) await replier.declined(turn, admission.reason);
    return { kind: "ended", status: "cancelled" };
  } catch (error) {
    if (isRetryableError(error) && !context.isFinalAttempt) throw error;
    log.error("core.turn.failed", { error: describeError(error), step: "admission" });
    await replier.failed(turn, toUserFacingError(error));
    return { kind: "ended", status: "failed" };
  }
}
