import { z } from "zod";

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
  files: z
    .array(
      z.object({
        url_private: z.string().optional(),
        name: z.string().optional(),
        mimetype: z.string().optional(),
      }),
    )
    .optional(),
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
