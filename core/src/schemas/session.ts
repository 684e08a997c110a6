import { z } from "zod";
import { conversationRefSchema } from "./conversation-ref.js";
import { actorSchema } from "./session-request.js";
import { targetSchema } from "./target.js";

/** A conversation's agent session: its target is sticky across follow-ups. */
export const sessionSchema = z.object({
  id: z.string().min(1),
  conversation: conversationRefSchema,
  conversationKey: z.string().min(1),
  target: targetSchema,
  backend: z.string(),
  model: z.string().optional(),
  requester: actorSchema,
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
  turnCount: z.number().int().nonnegative(),
});
export type Session = z.infer<typeof sessionSchema>;
