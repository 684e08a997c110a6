import { z } from "zod";

const userChildSchema = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  email: z.string().optional(),
});

/** The issue as an agent session webhook carries it (`IssueWithDescriptionChildWebhookPayload`). */
const issueChildSchema = z.object({
  id: z.string().min(1),
  identifier: z.string().min(1),
  title: z.string(),
  description: z.string().nullish(),
  url: z.string().optional(),
  teamId: z.string().optional(),
  team: z.object({ id: z.string(), key: z.string(), name: z.string() }).optional(),
});

/**
 * Linear's `AgentSessionEvent` webhook (`AgentSessionEventWebhookPayload`), the fields Baton reads.
 * `created`: Baton was assigned, delegated or mentioned; `prompted`: a follow-up message, or the
 * stop signal (`agentActivity.signal === "stop"`).
 */
export const agentSessionEventSchema = z.object({
  type: z.literal("AgentSessionEvent"),
  action: z.string().min(1),
  organizationId: z.string().min(1),
  appUserId: z.string().min(1),
  webhookTimestamp: z.number(),
  promptContext: z.string().nullish(),
  agentSession: z.object({
    id: z.string().min(1),
    issueId: z.string().nullish(),
    commentId: z.string().nullish(),
    creatorId: z.string().nullish(),
    creator: userChildSchema.nullish(),
    issue: issueChildSchema.nullish(),
  }),
  agentActivity: z
    .object({
      id: z.string().min(1),
      content: z.object({ type: z.string(), body: z.string().optional() }).passthrough(),
      signal: z.string().nullish(),
      userId: z.string().nullish(),
      user: userChildSchema.nullish(),
      sourceCommentId: z.string().nullish(),
    })
    .nullish(),
});
export type AgentSessionEvent = z.infer<typeof agentSessionEventSchema>;
