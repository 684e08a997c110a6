import { z } from "zod";
import { artifactSchema } from "./agent-event.js";
import { sessionRequestSchema } from "./session-request.js";
import { targetSchema } from "./target.js";

/** `timed_out`: the turn outlived BATON_TURN_TIMEOUT_MS and the watchdog ended it (queue/src/turn-watchdog.ts). */
export const turnStatusSchema = z.enum([
  "queued",
  "running",
  "completed",
  "failed",
  "stopped",
  "cancelled",
  "timed_out",
]);
export type TurnStatus = z.infer<typeof turnStatusSchema>;

export const FINISHED_TURN_STATUSES: ReadonlySet<TurnStatus> = new Set([
  "completed",
  "failed",
  "stopped",
  "cancelled",
  "timed_out",
]);

/** One request of a conversation, as the queue stores and dispatches it. Its id is the request id. */
export const turnSchema = z.object({
  id: z.string().min(1),
  conversationKey: z.string().min(1),
  request: sessionRequestSchema,
});
export type Turn = z.infer<typeof turnSchema>;

/**
 * A finished turn, as its replier renders it. `summary` is platform-neutral: plain text or this
 * small markdown subset, which every replier converts to its platform's own markup (or passes on
 * as is where the platform reads markdown):
 * - `**bold**`
 * - `- ` bullets at the start of a line
 * - `> ` quotes at the start of a line
 * - `` `code` `` and fenced ``` blocks
 * - links `[text](https://…)`
 * Nothing else (no headings, tables, HTML, or a platform's own syntax such as a chat's `<@U123>` mentions) is
 * written by a backend on purpose; what a person typed may still pass through in quotes.
 */
export const turnOutcomeSchema = z.object({
  status: z.enum(["completed", "stopped"]),
  /** Plain text or the markdown subset above. */
  summary: z.string(),
  artifacts: z.array(artifactSchema).default([]),
  target: targetSchema,
  backend: z.string(),
  model: z.string().optional(),
  durationMs: z.number().nonnegative(),
});
export type TurnOutcome = z.infer<typeof turnOutcomeSchema>;
