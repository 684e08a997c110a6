import { z } from "zod";

/** The kinds of GitHub item a request can come from; each is answered (and reacted to) its own way. */
export const githubReplyKindSchema = z.enum([
  "issue_comment",
  "review_comment",
  "review",
  "issue",
  "pull_request",
]);
export type GithubReplyKind = z.infer<typeof githubReplyKindSchema>;

/**
 * Where the replier answers a request and puts its reactions, one variant per platform. The
 * conversation (`SessionRequest.conversation`) says which thread, PR/issue or agent session; this
 * says which message in it the person wrote.
 */
export const replyAddressSchema = z.discriminatedUnion("platform", [
  z.object({
    platform: z.literal("slack"),
    /** The person's message (its reactions: 👀, ✅, ⏹). */
    messageTs: z.string().min(1),
  }),
  z.object({
    platform: z.literal("github"),
    kind: githubReplyKindSchema,
    /** The issue comment or review comment that asked (absent for an issue, a PR or a review body). */
    commentId: z.number().int().positive().optional(),
    /** The submitted review whose body asked. */
    reviewId: z.number().int().positive().optional(),
    /**
     * Why the request came: someone wrote `@baton` (answered at once with 👀), added a label, or
     * the repository reviews new pull requests (both answered only once the worker admits them).
     */
    trigger: z.enum(["mention", "label", "auto_review"]).optional(),
    /** The label that was added, for `label` triggers. */
    label: z.string().optional(),
  }),
  z.object({
    platform: z.literal("linear"),
    agentSessionId: z.string().min(1),
    /** The comment that prompted the agent session, when there is one. */
    commentId: z.string().min(1).optional(),
    /**
     * Set only on the request that opened the agent session (`created`): what its prompt was built
     * from, so that the worker reads the issue before classifying. Follow-ups (`prompted`) have
     * none. Set by the gateway from the event's type, never read from the text, which anyone who
     * can write an issue controls.
     */
    openedFrom: z.enum(["issue", "prompt_context"]).optional(),
    /**
     * Set by the gateway on a follow-up from the assignee (asked of Linear when the event
     * came) who did not open the session: Linear's steering rule lets the assignee steer too.
     */
    steersAs: z.enum(["assignee"]).optional(),
  }),
]);
export type ReplyAddress = z.infer<typeof replyAddressSchema>;
