import type { Replier } from "../contracts/replier.js";
import type { Platform } from "../schemas/conversation-ref.js";
import { ownSession, ownTurn } from "../schemas/own-turn.js";
import type { Turn } from "../schemas/turn.js";

/**
 * Seats a platform's replier, typed by its platform (a `Replier<P>` sees only the conversations
 * of `P`), among the worker's repliers, which are picked by each turn's platform.
 */
export function replierFor<P extends Platform>(platform: P, replier: Replier<P>): Replier {
  const own = (turn: Turn) => ownTurn(turn, platform);
  return {
    ...(replier.prepare
      ? { prepare: (turn) => replier.prepare?.(own(turn)) ?? Promise.resolve(turn.request) }
      : {}),
    ...(replier.originLink
      ? { originLink: (turn) => replier.originLink?.(own(turn)) ?? Promise.resolve(null) }
      : {}),
    ...(replier.note
      ? { note: (session, note) => replier.note?.(ownSession(session, platform), note) ?? Promise.resolve() }
      : {}),
    ...(replier.offerMapping
      ? { offerMapping: (turn, offer) => replier.offerMapping?.(own(turn), offer) ?? Promise.resolve() }
      : {}),
    acknowledge: (turn) => replier.acknowledge(own(turn)),
    working: (turn, context) => replier.working(own(turn), context),
    progress: (turn, status) => replier.progress(own(turn), status),
    ...(replier.endProgress
      ? { endProgress: (turn) => replier.endProgress?.(own(turn)) ?? Promise.resolve() }
      : {}),
    ask: (turn, decision) => replier.ask(own(turn), decision),
    result: (turn, outcome, shareUrl) => replier.result(own(turn), outcome, shareUrl),
    failed: (turn, error) => replier.failed(own(turn), error),
    declined: (turn, reason) => replier.declined(own(turn), reason),
  };
}
