import type { SteeringPolicy } from "../config/catalog.js";
import type { SessionRequest } from "../schemas/session-request.js";

/** Why intake turned a request away; the person is told, with when to try again. */
export type RequestRefusal =
  | "conversation_full"
  | "user_rate_limited"
  | "workspace_rate_limited"
  /** The conversation's session belongs to someone else, whose place's policy does not let this person steer it. */
  | "may_not_steer";

export interface RequestIntakeOptions {
  /**
   * The steering policy of the request's place (a channel, a repository, …): intake
   * declines a follow-up from someone it does not let steer the existing session, in the step that
   * would queue it. Without it, the worker decides when the turn reaches the head.
   */
  steering?: SteeringPolicy;
  /**
   * The queue the request joins when it is not its own conversation's (`QueueKeyResolver`): a
   * pull request that a session made joins that session's conversation.
   */
  queueKey?: string;
}

export type RequestIntakeResult =
  | { kind: "accepted"; turnId: string }
  | { kind: "duplicate"; turnId: string; requeued: boolean }
  /** Stored finished; the dispatcher replies with the reason. */
  | { kind: "refused"; turnId: string; reason: RequestRefusal; retryAfterMs: number };

/** How a bot hands a request to the worker: persisted and queued once per delivery. */
export type RequestIntake = (
  request: SessionRequest,
  options?: RequestIntakeOptions,
) => Promise<RequestIntakeResult>;
