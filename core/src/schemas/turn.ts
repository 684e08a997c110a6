import { z } from "zod";
import { artifactSchema } from "./agent-event.js";
import { sessionRequestSchema } from "./session-request.js";
import { targetSchema } from "./target.js";

export const turnStatusSchema = z.enum(["queued", "running", "completed", "failed", "stopped", "cancelled"]);
export type TurnStatus = z.infer<typeof turnStatusSchema>;

export const FINISHED_TURN_STATUSES: ReadonlySet<TurnStatus> = new Set([
  "completed",
  "failed",
  "stopped",
  "cancelled",
]);

/** One request of a conversation, as the queue stores and dispatches it. Its id is the request id. */
export const turnSchema = z.object({
  id: z.string().min(1),
  conversationKey: z.string().min(1),
  request: sessionRequestSchema,
});
export type Turn = z.infer<typeof turnSchema>;

export const turnOutcomeSchema = z.object({
  status: z.enum(["completed", "stopped"]),
  summary: z.string(),
  artifacts: z.array(artifactSchema).default([]),
  target: targetSchema,
  backend: z.string(),
  model: z.string().optional(),
  durationMs: z.number().nonnegative(),
});
export type TurnOutcome = z.infer<typeof turnOutcomeSchema>;
