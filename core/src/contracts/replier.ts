import type { UserFacingError } from "../errors.js";
import type { MappingOffer } from "../learning/mapping-offer.js";
import type { ConversationRef, Platform } from "../schemas/conversation-ref.js";
import type { Session } from "../schemas/session.js";
import type { SessionRequest } from "../schemas/session-request.js";
import type { AskDecision, Target } from "../schemas/target.js";
import type { Turn, TurnOutcome } from "../schemas/turn.js";

/** What the replier knows about the work going on, for the "working on it" message. */
export interface WorkingContext {
  target: Target;
  backend: string;
  model?: string;
  /** The session's read-only link, when sharing gives one (an agent session may show it as its external URL). */
  shareUrl?: string | null;
}

/** A turn of one platform: its conversation is that platform's variant. */
export type PlatformTurn<P extends Platform> = Turn & {
  request: SessionRequest & { conversation: Extract<ConversationRef, { platform: P }> };
};

/** A session of one platform: it started in that platform's conversation. */
export type PlatformSession<P extends Platform> = Session & {
  conversation: Extract<ConversationRef, { platform: P }>;
};

/**
 * How the worker talks to one platform, typed by it: a replier is handed only its own platform's
 * turns (the server keys repliers by platform). Every method is idempotent per turn id: a turn
 * that is retried after a crash edits what it posted before instead of posting again (keep what
 * was posted in the `ReplyLedger`, under the names of `REPLY_FIELDS`). The ledger's own steps
 * (remember the request, mark the turn finished before a result, decline once) are done around
 * every replier by `withReplyLedger`, never inside one. Errors worth retrying are thrown as
 * `TransientError` (or carry an HTTP status).
 */
export interface Replier<P extends Platform = Platform> {
  /**
   * Optional: reads what the platform knows that its webhook did not carry (an issue's
   * project, labels and comments) and returns the request to run. Called in the worker before
   * the target is resolved, so that nothing slow happens on the acknowledgement path.
   */
  prepare?(turn: PlatformTurn<P>): Promise<SessionRequest>;
  /**
   * Optional: a link a person can open to reach the conversation the turn was asked in, for what
   * a backend makes elsewhere (a pull request's body links back to its chat thread). Null when
   * the platform cannot give one; a failure here never fails the turn.
   */
  originLink?(turn: PlatformTurn<P>): Promise<string | null>;
  /**
   * Optional: one line in the session's own conversation (where it started) about what a turn
   * asked elsewhere did to it, e.g. a review comment on its pull request that changed the pull
   * request. Posted at most once per turn (`note.turnId`); a courtesy, so a lost one is not retried.
   */
  note?(session: PlatformSession<P>, note: { turnId: string; text: string }): Promise<void>;
  acknowledge(turn: PlatformTurn<P>): Promise<void>;
  working(turn: PlatformTurn<P>, context: WorkingContext): Promise<void>;
  progress(turn: PlatformTurn<P>, status: string): Promise<void>;
  /**
   * Optional: the turn has left this worker, however it ended: its final reply posted here or by
   * another process, or another try taking it on. Drops the progress still waiting to go out and
   * what is kept for it, and posts nothing (a status sent now would say "working" under an
   * answer). Called once a try ends, after its final reply if it made one.
   */
  endProgress?(turn: PlatformTurn<P>): Promise<void>;
  ask(turn: PlatformTurn<P>, decision: AskDecision): Promise<void>;
  result(turn: PlatformTurn<P>, outcome: TurnOutcome, shareUrl: string | null): Promise<void>;
  failed(turn: PlatformTurn<P>, error: UserFacingError): Promise<void>;
  /**
   * Optional: offers, in the turn's thread, to make what people keep choosing in this place its
   * mapping (see `MappingOffer`), with the platform's own way to accept. Posted once per turn.
   */
  offerMapping?(turn: PlatformTurn<P>, offer: MappingOffer): Promise<void>;
  /** Tells only the person who sent the turn why it was not run (e.g. they may not steer this session). */
  declined(turn: PlatformTurn<P>, reason: string): Promise<void>;
}
