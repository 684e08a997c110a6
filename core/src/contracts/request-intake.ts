import type { SessionRequest } from "../schemas/session-request.js";

/** Why intake turned a request away; the person is told, with when to try again. */
export type RequestRefusal = "conversation_full" | "user_rate_limited" | "workspace_rate_limited";

export type RequestIntakeResult =
  | { kind: "accepted"; turnId: string }
  | { kind: "duplicate"; turnId: string; requeued: boolean }
  /** Stored finished; the dispatcher replies with the reason. */
  | { kind: "refused"; turnId: string; reason: RequestRefusal; retryAfterMs: number };

/** How a bot hands a request to the worker: persisted and queued once per delivery. */
export type RequestIntake = (request: SessionRequest) => Promise<RequestIntakeResult>;
