import { z } from "zod";
import { conversationRefSchema, platformSchema } from "./conversation-ref.js";
import { replyAddressSchema } from "./reply-address.js";
import { targetHintSchema } from "./target.js";

export const MAX_PROMPT_CHARS = 40_000;

export const actorSchema = z.object({
  platform: platformSchema,
  id: z.string().min(1),
  /**
   * The platform's permanent id of the person, when `id` is a name they can change (a login; the
   * platform's numeric user id here): what other systems know them by.
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

/**
 * Text Baton gives the agent besides the person's words: the issue or pull request a request was
 * made on (marked untrusted), a repository's instructions. Pages show it apart from what the
 * person wrote, folded under its label.
 */
export const requestBackgroundSchema = z.object({
  /** One line that names it where it is folded, e.g. `Issue acme/api#12: Login fails on Safari`. */
  label: z.string().max(500),
  /** What the agent reads, as Baton wrapped it. */
  text: z.string().max(MAX_PROMPT_CHARS),
});
export type RequestBackground = z.infer<typeof requestBackgroundSchema>;

/** How many background blocks one request carries at most. */
export const MAX_REQUEST_BACKGROUND_BLOCKS = 8;

/** What every inbound adapter produces from a verified platform event. */
export const sessionRequestSchema = z.object({
  version: z.literal(1),
  /** Baton's id for this request (also the turn id). */
  id: z.string().min(1),
  /** The platform's own id for this delivery; retries of one delivery share it. */
  deliveryId: z.string().min(1),
  conversation: conversationRefSchema,
  actor: actorSchema,
  /** What the person wrote (flags read out); the agent reads it first. */
  text: z.string().max(MAX_PROMPT_CHARS),
  /** What Baton adds for the agent after `text`; absent on requests that have none. */
  background: z.array(requestBackgroundSchema).max(MAX_REQUEST_BACKGROUND_BLOCKS).optional(),
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

/**
 * The prompt an agent backend receives: the person's words, then each background block.
 *
 * @example agentPromptOf({ ...request, text: "fix it", background: [{ label: "Issue", text: "<ctx>" }] }) // "fix it\n\n<ctx>"
 */
export function agentPromptOf(request: Pick<SessionRequest, "text" | "background">): string {
  return [request.text, ...(request.background ?? []).map((block) => block.text)]
    .filter((part) => part.length > 0)
    .join("\n\n");
}
