import type { PlatformSession, PlatformTurn } from "../contracts/replier.js";
import type { Platform } from "./conversation-ref.js";
import type { Session } from "./session.js";
import type { Turn } from "./turn.js";

/**
 * The turn as one of `platform`'s, for a platform's own hooks (its replier, its admission),
 * which the worker picks by each turn's platform: checked here once for every platform, so that
 * the hooks are typed by their platform and never check what they were handed.
 */
export function ownTurn<P extends Platform>(turn: Turn, platform: P): PlatformTurn<P> {
  if (turn.request.conversation.platform !== platform)
    throw new Error(`a ${turn.request.conversation.platform} turn was handed to ${platform}'s hooks`);
  return turn as PlatformTurn<P>;
}

/** The session as one of `platform`'s (it started there), checked once as `ownTurn` is. */
export function ownSession<P extends Platform>(session: Session, platform: P): PlatformSession<P> {
  if (session.conversation.platform !== platform)
    throw new Error(`a ${session.conversation.platform} session was handed to ${platform}'s hooks`);
  return session as PlatformSession<P>;
}
