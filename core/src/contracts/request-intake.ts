import type { SessionRequest } from "../schemas/session-request.js";

export type RequestIntakeResult =
  | { kind: "accepted"; turnId: string }
  | { kind: "duplicate"; turnId: string; requeued: boolean };

/** How a bot hands a request to the worker: persisted and queued once per delivery. */
export type RequestIntake = (request: SessionRequest) => Promise<RequestIntakeResult>;
