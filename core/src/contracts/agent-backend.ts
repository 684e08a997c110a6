import type { AgentEvent } from "../schemas/agent-event.js";
import type { ContextEntry } from "../schemas/context-entry.js";
import type { Session } from "../schemas/session.js";
import type { Target } from "../schemas/target.js";
import type { Turn } from "../schemas/turn.js";

/** A turn as a backend sees it: the request, its session and the target chosen for it. */
export interface BackendTurn {
  turn: Turn;
  session: Session;
  target: Target;
  prompt: string;
  model?: string;
  /**
   * Messages posted in the conversation since the previous turn, oldest first, each with its
   * author apart from its text (render them with `formatContextEntries`). Only the messages of
   * people who may steer the session reach a backend.
   */
  context: ContextEntry[];
  /** Stable across retries of the same turn: backends use it to avoid doing the work twice. */
  idempotencyKey: string;
  /** The session's read-only link, when sharing gives one (a pull request's body points at it). */
  shareUrl?: string;
  /**
   * A link back to where the turn was asked (the chat thread, the issue), or null when
   * its platform gives none. Asked for only by a backend that needs it (a pull request's body
   * links back), since it may cost the platform a call; it never throws.
   */
  originLink?: () => Promise<string | null>;
}

/** An agent that does the work. Events end with exactly one `done` or `error`. */
export interface AgentBackend {
  readonly name: string;
  /** The model a turn runs on when neither the person nor the catalog chose one. */
  readonly defaultModel?: string;
  run(turn: BackendTurn, signal: AbortSignal): AsyncIterable<AgentEvent>;
  stop(session: Session): Promise<void>;
  /** Optional: ends what the backend runs between turns (a periodic sweep); called once as the worker stops. */
  close?(): Promise<void>;
}
