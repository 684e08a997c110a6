import type { UserFacingError } from "../errors.js";
import type { Session } from "../schemas/session.js";
import type { SessionRequest } from "../schemas/session-request.js";
import type { AskDecision, Target } from "../schemas/target.js";
import type { Turn, TurnOutcome } from "../schemas/turn.js";

/** What the replier knows about the work going on, for the "working on it" message. */
export interface WorkingContext {
  target: Target;
  backend: string;
  model?: string;
  /** The session's read-only link, when sharing gives one (Linear shows it as the agent session's external URL). */
  shareUrl?: string | null;
}

/**
 * How the worker talks to one platform. Every method is idempotent per turn id: a turn that is
 * retried after a crash edits what it posted before instead of posting again (keep what was
 * posted in the `ReplyLedger`, under the names of `REPLY_FIELDS`). `acknowledge` and `ask` keep the
 * request (`ledger.rememberRequest`) for a picker or a stop to find; `result` and `failed` call
 * `ledger.markFinished` before posting, so that a change of target knows the turn has ended.
 * Errors worth retrying are thrown as `TransientError` (or carry an HTTP status).
 */
export interface Replier {
  /**
   * Optional: reads what the platform knows that its webhook did not carry (Linear: the issue's
   * project, labels and comments) and returns the request to run. Called in the worker before
   * the target is resolved, so that nothing slow happens on the acknowledgement path.
   */
  prepare?(turn: Turn): Promise<SessionRequest>;
  /**
   * Optional: a link a person can open to reach the conversation the turn was asked in, for what
   * a backend makes elsewhere (a pull request's body links back to its Slack thread). Null when
   * the platform cannot give one; a failure here never fails the turn.
   */
  originLink?(turn: Turn): Promise<string | null>;
  /**
   * Optional: one line in the session's own conversation (where it started) about what a turn
   * asked elsewhere did to it, e.g. a review comment on its pull request that changed the pull
   * request. Posted at most once per turn (`note.turnId`); a courtesy, so a lost one is not retried.
   */
  note?(session: Session, note: { turnId: string; text: string }): Promise<void>;
  acknowledge(turn: Turn): Promise<void>;
  working(turn: Turn, context: WorkingContext): Promise<void>;
  progress(turn: Turn, status: string): Promise<void>;
  ask(turn: Turn, decision: AskDecision): Promise<void>;
  result(turn: Turn, outcome: TurnOutcome, shareUrl: string | null): Promise<void>;
  failed(turn: Turn, error: UserFacingError): Promise<void>;
  /** Tells only the person who sent the turn why it was not run (e.g. they may not steer this session). */
  declined(turn: Turn, reason: string): Promise<void>;
}
