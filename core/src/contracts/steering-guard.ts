import type { Session } from "../schemas/session.js";
import type { Actor, SessionRequest } from "../schemas/session-request.js";

export type SteeringCheck = { allowed: true } | { allowed: false; reason: string };

/**
 * Who may add turns to (or stop) a session that someone else started: per channel, the
 * requester only, anyone, or a list of people. The answer's reason is shown to the person.
 */
export type SteeringGuard = (
  session: Session,
  actor: Actor,
  /** The turn's request, when the guard judges a turn (not a thread message): what its bot vouched for. */
  request?: SessionRequest,
) => SteeringCheck;

export const allowAnyoneToSteer: SteeringGuard = () => ({ allowed: true });
