import { z } from "zod";
import { agentEventSchema } from "./agent-event.js";
import { actorSchema, requestBackgroundSchema } from "./session-request.js";
import { targetSchema } from "./target.js";

/** One line of a session's transcript, as stored in its Redis stream and shown on share pages. */
export const transcriptEntrySchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("prompt"),
    turnId: z.string(),
    at: z.string(),
    actor: actorSchema,
    /** What the person wrote. */
    text: z.string(),
    /** What Baton added for the agent, shown apart (folded). */
    background: z.array(requestBackgroundSchema).optional(),
  }),
  z.object({
    kind: z.literal("target"),
    turnId: z.string(),
    at: z.string(),
    target: targetSchema,
    reason: z.string(),
  }),
  z.object({ kind: z.literal("event"), turnId: z.string(), at: z.string(), event: agentEventSchema }),
  z.object({
    kind: z.literal("outcome"),
    turnId: z.string(),
    at: z.string(),
    status: z.enum(["completed", "failed", "stopped"]),
    summary: z.string(),
  }),
]);
export type TranscriptEntry = z.infer<typeof transcriptEntrySchema>;

/** Distributes Omit over the union, so each entry kind keeps its own fields. */
export type NewTranscriptEntry = TranscriptEntry extends infer E
  ? E extends TranscriptEntry
    ? Omit<E, "at">
    : never
  : never;
