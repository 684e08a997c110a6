import { z } from "zod";

// Only the fields Baton reads; GitHub sends many more (see @octokit/webhooks-examples).

const accountSchema = z.object({
  login: z.string().min(1),
  id: z.number().int(),
  type: z.string(),
});

const repositorySchema = z.object({
  full_name: z.string().regex(/^[\w.-]+\/[\w.-]+$/),
  name: z.string().min(1),
  owner: z.object({ login: z.string().min(1) }),
});

const installationSchema = z.object({ id: z.number().int().positive() });

const issueSchema = z.object({
  number: z.number().int().positive(),
  title: z.string(),
  body: z.string().nullable().optional(),
  html_url: z.string(),
  user: accountSchema.nullable().optional(),
  pull_request: z.object({ url: z.string() }).nullable().optional(),
});

const pullRequestSchema = z.object({
  number: z.number().int().positive(),
  title: z.string(),
  body: z.string().nullable().optional(),
  html_url: z.string(),
  draft: z.boolean().optional(),
  user: accountSchema.nullable().optional(),
  head: z.object({
    ref: z.string(),
    repo: z.object({ full_name: z.string(), fork: z.boolean().optional() }).nullable(),
  }),
  base: z.object({ ref: z.string(), repo: z.object({ full_name: z.string() }) }),
});
export type GithubPullRequest = z.infer<typeof pullRequestSchema>;

const common = { repository: repositorySchema, installation: installationSchema, sender: accountSchema };

export const issueCommentEventSchema = z.object({
  action: z.string(),
  issue: issueSchema,
  comment: z.object({ id: z.number().int().positive(), body: z.string().nullable(), html_url: z.string() }),
  ...common,
});

export const reviewCommentEventSchema = z.object({
  action: z.string(),
  pull_request: pullRequestSchema,
  comment: z.object({
    id: z.number().int().positive(),
    body: z.string().nullable(),
    html_url: z.string(),
    path: z.string(),
    line: z.number().int().nullable().optional(),
    original_line: z.number().int().nullable().optional(),
    diff_hunk: z.string(),
  }),
  ...common,
});

export const reviewEventSchema = z.object({
  action: z.string(),
  pull_request: pullRequestSchema,
  review: z.object({
    id: z.number().int().positive(),
    body: z.string().nullable(),
    state: z.string(),
    html_url: z.string(),
  }),
  ...common,
});

export const issuesEventSchema = z.object({
  action: z.string(),
  issue: issueSchema,
  label: z.object({ name: z.string() }).optional(),
  ...common,
});

export const pullRequestEventSchema = z.object({
  action: z.string(),
  pull_request: pullRequestSchema,
  label: z.object({ name: z.string() }).optional(),
  ...common,
});

/** The events Baton acts on, by `X-GitHub-Event`; any other event is answered and ignored. */
export const GITHUB_EVENT_SCHEMAS = {
  issue_comment: issueCommentEventSchema,
  pull_request_review_comment: reviewCommentEventSchema,
  pull_request_review: reviewEventSchema,
  issues: issuesEventSchema,
  pull_request: pullRequestEventSchema,
} as const;
export type GithubEventName = keyof typeof GITHUB_EVENT_SCHEMAS;

/** The actions worth reading the payload for; `created`, `submitted`, `opened`, … of each event. */
export const GITHUB_EVENT_ACTIONS: Record<GithubEventName, ReadonlySet<string>> = {
  issue_comment: new Set(["created"]),
  pull_request_review_comment: new Set(["created"]),
  pull_request_review: new Set(["submitted"]),
  issues: new Set(["opened", "labeled"]),
  pull_request: new Set(["opened", "labeled", "ready_for_review"]),
};

export type GithubEvent =
  | { name: "issue_comment"; payload: z.infer<typeof issueCommentEventSchema> }
  | { name: "pull_request_review_comment"; payload: z.infer<typeof reviewCommentEventSchema> }
  | { name: "pull_request_review"; payload: z.infer<typeof reviewEventSchema> }
  | { name: "issues"; payload: z.infer<typeof issuesEventSchema> }
  | { name: "pull_request"; payload: z.infer<typeof pullRequestEventSchema> };
