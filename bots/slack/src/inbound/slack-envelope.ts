import { z } from "zod";

/** A file on a message, the fields Baton passes on. */
const slackFileSchema = z.object({
  url_private: z.string().optional(),
  name: z.string().optional(),
  mimetype: z.string().optional(),
});

/**
 * A message attachment as Slack sends it on a message that forwards (shares) another message:
 * `is_share`, with the shared message's body, author and permalink. Link unfurls arrive in the
 * same array without `is_share`; they restate a link the text already holds, and are left out.
 */
export const slackMessageAttachmentSchema = z.object({
  is_share: z.boolean().optional(),
  text: z.string().optional(),
  /** Slack's plain rendering ("[date] author: body"), the only body of a bot post's shared attachments. */
  fallback: z.string().optional(),
  author_id: z.string().optional(),
  author_name: z.string().optional(),
  channel_id: z.string().optional(),
  /** Absent when Baton cannot see the channel the message was forwarded from. */
  channel_name: z.string().optional(),
  ts: z.string().optional(),
  from_url: z.string().optional(),
  files: z.array(slackFileSchema).optional(),
});
export type SlackMessageAttachment = z.infer<typeof slackMessageAttachmentSchema>;

/** The Events API message event (also `app_mention`), with only the fields Baton reads. */
export const slackMessageEventSchema = z.object({
  type: z.string(),
  subtype: z.string().optional(),
  channel: z.string().optional(),
  channel_type: z.string().optional(),
  user: z.string().optional(),
  /** The acting person's own workspace (differs from the envelope's team for Slack Connect externals). */
  user_team: z.string().optional(),
  team: z.string().optional(),
  bot_id: z.string().optional(),
  text: z.string().optional(),
  ts: z.string().optional(),
  thread_ts: z.string().optional(),
  files: z.array(slackFileSchema).optional(),
  /** Forwarded (shared) messages and link unfurls; a forward with no comment has an empty `text`. */
  attachments: z.array(slackMessageAttachmentSchema).optional(),
});
export type SlackMessageEvent = z.infer<typeof slackMessageEventSchema>;

/**
 * What arrives at the events endpoint: the URL check, or an event callback. Fields Baton does not
 * read are dropped, not copied: an envelope carries dozens of them (blocks, authorizations, …).
 */
export const slackEnvelopeSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("url_verification"), challenge: z.string() }),
  z.object({
    type: z.literal("event_callback"),
    event_id: z.string().min(1),
    team_id: z.string().min(1),
    /** Set on Enterprise Grid: the org the workspace belongs to. */
    enterprise_id: z.string().min(1).nullish(),
    /** Set when the event happened in a channel shared with another organisation (Slack Connect). */
    is_ext_shared_channel: z.boolean().optional(),
    api_app_id: z.string().optional(),
    event: slackMessageEventSchema,
  }),
  z.object({ type: z.literal("app_rate_limited") }),
]);
export type SlackEnvelope = z.infer<typeof slackEnvelopeSchema>;
