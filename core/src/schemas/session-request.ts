import { z } from "zod";
import { conversationRefSchema, platformSchema } from "./conversation-ref.js";
import { replyAddressSchema } from "./reply-address.js";
import { targetHintSchema } from "./target.js";

export const MAX_PROMPT_CHARS = 40_000;

export const actorSchema = z.object({
  platform: platformSchema,
  id: z.string().min(1),
  /**
   * The platform's permanent id of the person, when `id` is a name they can change (a GitHub
   * login; GitHub's numeric user id here): what other systems know them by.
   */
  accountId: z.string().min(1).optional(),
  name: z.string().optional(),
  email: z.string().optional(),
});
export type Actor = z.infer<typeof actorSchema>;

export const attachmentSchema = z.object({
  kind: z.enum(["image", "file", "link"]),
  url: z.string().url(),
  name: z.string().optional(),
  mimeType: z.string().optional(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** What every inbound adapter produces from a verified platform event. */
export const sessionRequestSchema = z.object({
  version: z.literal(1),
  /** Baton's id for this request (also the turn id). */
  id: z.string().min(1),
  /** The platform's own id for this delivery; retries of one delivery share it. */
  deliveryId: z.string().min(1),
  conversation: conversationRefSchema,
  actor: actorSchema,
  text: z.string().max(MAX_PROMPT_CHARS),
  attachments: z.array(attachmentSchema).default([]),
  hints: z
    .object({
      target: targetHintSchema.optional(),
      model: z.string().optional(),
    })
    .default({}),
  /**
   * Which message the replier answers and reacts to. Optional so that turns stored before it
   * existed still parse; a replier then answers the conversation itself.
   */
  replyTo: replyAddressSchema.optional(),
  /** Context for the classifier (channel type, PR title, …); never a reply address. */
  context: z.record(z.string(), z.string()).default({}),
  receivedAt: z.string().datetime(),
});
export type SessionRequest = z.infer<typeof sessionRequestSchema>;
export type SessionRequestInput = z.input<typeof sessionRequestSchema>;
