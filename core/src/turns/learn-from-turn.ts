import type { Logger } from "../contracts/logger.js";
import type { Replier } from "../contracts/replier.js";
import { errorMessage } from "../describe-error.js";
import type { RoutingLearner } from "../learning/create-routing-learner.js";
import type { Target } from "../schemas/target.js";
import type { Turn } from "../schemas/turn.js";

/**
 * Hands a person's correction to routing's memory, and posts the offer to make the place's habit
 * its mapping when the memory says it is time. Learning is a courtesy to the next request: a
 * failure here is logged and never fails the turn.
 */
export async function learnFromTurn({
  learner,
  turn,
  choice,
  routedByHabit,
  replier,
  log,
}: {
  learner: RoutingLearner | undefined;
  turn: Turn;
  /** The target a person chose (a correction), if they did. */
  choice: Target | undefined;
  /** The place's learned habit chose this turn's target. */
  routedByHabit: boolean;
  replier: Replier;
  log: Logger;
}): Promise<void> {
  if (!learner) return;
  try {
    if (choice)
      await learner.learnFromChoice({
        request: turn.request,
        conversationKey: turn.conversationKey,
        target: choice,
      });
    if (!routedByHabit || !replier.offerMapping) return;
    const offer = await learner.offerFor(turn.request);
    if (!offer) return;
    // Marked as made when it was chosen (two turns at once offer it once): a post that failed
    // takes the mark back, or the place would never be offered its habit again.
    await replier.offerMapping(turn, offer).catch(async (error: unknown) => {
      await learner.offerNotMade(offer);
      throw error;
    });
  } catch (error) {
    log.warn("core.turn.learning_failed", { error: errorMessage(error) });
  }
}
