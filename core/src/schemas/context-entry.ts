import { z } from "zod";

/**
 * One message posted in a session's thread between turns, as stored: who wrote it (the platform's
 * user id, taken from the verified event, never from the text) and what they wrote.
 */
export const threadMessageSchema = z.object({
  authorId: z.string().min(1),
  text: z.string(),
  /** The platform's delivery id: a replayed delivery is kept once. */
  deliveryId: z.string().min(1),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

/**
 * A thread message as a backend receives it: `maySteer` says whether its author may steer the
 * session (decided by the session's steering rule when the turn takes the messages). Backends
 * show the author from `authorId`, never from the text.
 */
export interface ContextEntry {
  authorId: string;
  text: string;
  maySteer: boolean;
}
