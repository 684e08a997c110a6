// The JSON the fake GitHub answers with (users, comments, issues and pull requests, reactions),
// and the checks GitHub makes on a request's body: what the routes in github-routes.ts share.
import type { FakeGithubComment, FakeGithubIssue, ReactionSubject } from "./fake-github-store.js";
import type { GithubAnswer, GithubRouteContext } from "./github-routes.js";

export const NOT_FOUND: GithubAnswer = {
  status: 404,
  body: { message: "Not Found", documentation_url: "https://docs.github.com/rest" },
};
export const TOKEN_LIFETIME_MS = 60 * 60_000;
const REACTION_CONTENTS = new Set(["+1", "-1", "laugh", "confused", "heart", "hooray", "rocket", "eyes"]);
/** GitHub's limit on an issue or comment body. */
const MAX_BODY_CHARS = 65_536;

export function user(login: string, type: "User" | "Bot") {
  return { login, id: Math.abs(hash(login)), node_id: `U_${login}`, type, site_admin: false };
}

function hash(text: string): number {
  let value = 0;
  for (const char of text) value = (value * 31 + char.charCodeAt(0)) | 0;
  return value;
}

export function repoOf(params: Record<string, string>): string {
  return `${params.owner}/${params.repo}`;
}

export function commentJson(comment: FakeGithubComment, context: GithubRouteContext) {
  return {
    id: comment.id,
    node_id: `IC_${comment.id}`,
    url: `${context.apiUrl}/repos/${comment.repo}/issues/comments/${comment.id}`,
    html_url: `${context.webUrl}/${comment.repo}/issues/${comment.issueNumber}#issuecomment-${comment.id}`,
    issue_url: `${context.apiUrl}/repos/${comment.repo}/issues/${comment.issueNumber}`,
    body: comment.body,
    user: user(comment.author, comment.authorType),
    created_at: comment.createdAt,
    updated_at: comment.updatedAt,
    author_association: comment.authorType === "Bot" ? "NONE" : "MEMBER",
  };
}

export function checkBody(body: unknown): GithubAnswer | null {
  if (typeof body !== "string" || body.length === 0)
    return {
      status: 422,
      body: { message: "Validation Failed", errors: [{ field: "body", code: "missing" }] },
    };
  if (body.length > MAX_BODY_CHARS)
    return {
      status: 422,
      body: {
        message: "Validation Failed",
        errors: [
          {
            resource: "IssueComment",
            code: "custom",
            field: "body",
            message: "body is too long (maximum is 65536 characters)",
          },
        ],
      },
    };
  return null;
}

export function react(context: GithubRouteContext, subject: ReactionSubject): GithubAnswer {
  const content = String(context.body.content);
  if (!REACTION_CONTENTS.has(content))
    return {
      status: 422,
      body: { message: "Validation Failed", errors: [{ field: "content", code: "invalid" }] },
    };
  const author = `${context.appSlug}[bot]`;
  const same = (other: ReactionSubject) => JSON.stringify(other) === JSON.stringify(subject);
  const existing = context.store.reactions.find(
    (reaction) => same(reaction.subject) && reaction.content === content && reaction.author === author,
  );
  // GitHub answers 200 with the existing reaction when it is already there, 201 when it is new.
  const reaction = existing ?? { id: context.store.newId(), subject, content, author };
  if (!existing) context.store.reactions.push(reaction);
  return {
    status: existing ? 200 : 201,
    body: {
      id: reaction.id,
      node_id: `R_${reaction.id}`,
      user: user(author, "Bot"),
      content,
      created_at: new Date().toISOString(),
    },
  };
}

export function issueJson(context: GithubRouteContext, kind: "issue" | "pull") {
  const issue = context.store.issues.get(
    `${repoOf(context.params)}#${context.params.issue_number ?? context.params.pull_number}`,
  );
  if (!issue || (kind === "pull" && !issue.pull)) return null;
  const base = {
    id: Math.abs(hash(`${issue.repo}#${issue.number}`)),
    number: issue.number,
    title: issue.title,
    body: issue.body,
    state: "open",
    user: user(issue.author, "User"),
    html_url: `${context.webUrl}/${issue.repo}/${issue.pull ? "pull" : "issues"}/${issue.number}`,
  };
  if (kind === "issue")
    return issue.pull
      ? { ...base, pull_request: { url: `${context.apiUrl}/repos/${issue.repo}/pulls/${issue.number}` } }
      : base;
  const pull = issue.pull as NonNullable<FakeGithubIssue["pull"]>;
  return {
    ...base,
    draft: pull.draft,
    head: { ref: pull.headRef, repo: { full_name: pull.headRepo, fork: pull.headRepo !== issue.repo } },
    base: { ref: pull.baseRef, repo: { full_name: issue.repo, fork: false } },
  };
}
