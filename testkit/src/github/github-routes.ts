import type { FakeGithubComment, ReactionSubject, RepositoryPermission } from "./fake-github-store.js";
import { GITHUB_CATALOG_ROUTES } from "./github-catalog-routes.js";
import { GITHUB_PULL_ROUTES } from "./github-pull-routes.js";
import {
  fileContentsAnswer,
  type GithubAnswer,
  type GithubRoute,
  type GithubRouteContext,
  issueJson,
  NOT_FOUND,
  pageOf,
  repoOf,
  route,
  user,
} from "./github-route.js";

export type { GithubAnswer, GithubRoute, GithubRouteContext } from "./github-route.js";

const TOKEN_LIFETIME_MS = 60 * 60_000;
const REACTION_CONTENTS = new Set(["+1", "-1", "laugh", "confused", "heart", "hooray", "rocket", "eyes"]);
/** GitHub's limit on an issue or comment body. */
const MAX_BODY_CHARS = 65_536;

function commentJson(comment: FakeGithubComment, context: GithubRouteContext) {
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

function checkBody(body: unknown): GithubAnswer | null {
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

function react(context: GithubRouteContext, subject: ReactionSubject): GithubAnswer {
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

/** The REST endpoints the fake answers, in Octokit's route notation. */
export const GITHUB_ROUTES: GithubRoute[] = [
  // Who the App is: what `baton doctor` asks to check the App id and private key.
  route("GET", "GET /app", "app", (context) => ({
    status: 200,
    body: {
      slug: context.appSlug,
      name: context.appSlug,
      html_url: `https://github.com/apps/${context.appSlug}`,
    },
  })),
  route("POST", "POST /app/installations/{installation_id}/access_tokens", "app", ({ store, params }) => {
    const installationId = Number(params.installation_id);
    return {
      status: 201,
      body: {
        token: store.issueToken(installationId),
        expires_at: new Date(Date.now() + TOKEN_LIFETIME_MS).toISOString(),
        permissions: { issues: "write", pull_requests: "write", contents: "read", metadata: "read" },
        repository_selection: "all",
      },
    };
  }),
  route("GET", "GET /repos/{owner}/{repo}/installation", "app", (context) => {
    const repo = repoOf(context.params);
    const installationId = context.store.installations.get(repo);
    if (installationId === undefined) return NOT_FOUND;
    return {
      status: 200,
      body: {
        id: installationId,
        app_slug: context.appSlug,
        account: user(context.params.owner ?? "", "User"),
        target_type: "Organization",
        repository_selection: "selected",
        access_tokens_url: `${context.apiUrl}/app/installations/${installationId}/access_tokens`,
        permissions: { issues: "write", pull_requests: "write", contents: "read", metadata: "read" },
      },
    };
  }),
  route("GET", "GET /repos/{owner}/{repo}/collaborators/{username}/permission", "installation", (context) => {
    const permission: RepositoryPermission = context.store.permissionOf(
      repoOf(context.params),
      context.params.username ?? "",
    );
    const roleName = permission === "none" ? "none" : permission;
    return {
      status: 200,
      body: {
        permission: permission === "maintain" ? "write" : permission === "triage" ? "read" : permission,
        role_name: roleName,
        user: user(context.params.username ?? "", "User"),
      },
    };
  }),
  route("POST", "POST /repos/{owner}/{repo}/issues/{issue_number}/comments", "installation", (context) => {
    const invalid = checkBody(context.body.body);
    if (invalid) return invalid;
    const now = new Date().toISOString();
    const comment: FakeGithubComment = {
      id: context.store.newId(),
      repo: repoOf(context.params),
      issueNumber: Number(context.params.issue_number),
      body: String(context.body.body),
      author: `${context.appSlug}[bot]`,
      authorType: "Bot",
      createdAt: now,
      updatedAt: now,
    };
    context.store.comments.set(comment.id, comment);
    return { status: 201, body: commentJson(comment, context) };
  }),
  route("GET", "GET /repos/{owner}/{repo}/issues/{issue_number}/comments", "installation", (context) => {
    const repo = repoOf(context.params);
    const number = Number(context.params.issue_number);
    // Oldest first, in pages, only those updated at or after `since` when it is given: as GitHub lists them.
    const since = context.query.get("since");
    const sinceMs = since === null ? Number.NEGATIVE_INFINITY : Date.parse(since);
    if (Number.isNaN(sinceMs))
      return {
        status: 422,
        body: { message: "Validation Failed", errors: [{ field: "since", code: "invalid" }] },
      };
    const list = [...context.store.comments.values()].filter(
      (c) => c.repo === repo && c.issueNumber === number && Date.parse(c.updatedAt) >= sinceMs,
    );
    const { items, headers } = pageOf(context, `/repos/${repo}/issues/${number}/comments`, list);
    return { status: 200, body: items.map((comment) => commentJson(comment, context)), headers };
  }),
  route("GET", "GET /repos/{owner}/{repo}/issues/comments/{comment_id}", "installation", (context) => {
    const comment = context.store.comments.get(Number(context.params.comment_id));
    return comment?.repo === repoOf(context.params)
      ? { status: 200, body: commentJson(comment, context) }
      : NOT_FOUND;
  }),
  route("PATCH", "PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}", "installation", (context) => {
    const comment = context.store.comments.get(Number(context.params.comment_id));
    if (comment?.repo !== repoOf(context.params)) return NOT_FOUND;
    const invalid = checkBody(context.body.body);
    if (invalid) return invalid;
    comment.body = String(context.body.body);
    comment.updatedAt = new Date().toISOString();
    return { status: 200, body: commentJson(comment, context) };
  }),
  route("DELETE", "DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}", "installation", (context) => {
    const comment = context.store.comments.get(Number(context.params.comment_id));
    if (comment?.repo !== repoOf(context.params)) return NOT_FOUND;
    context.store.comments.delete(comment.id);
    return { status: 204 };
  }),
  route(
    "POST",
    "POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions",
    "installation",
    (context) =>
      react(context, {
        kind: "issue_comment",
        repo: repoOf(context.params),
        commentId: Number(context.params.comment_id),
      }),
  ),
  route(
    "POST",
    "POST /repos/{owner}/{repo}/pulls/comments/{comment_id}/reactions",
    "installation",
    (context) =>
      react(context, {
        kind: "review_comment",
        repo: repoOf(context.params),
        commentId: Number(context.params.comment_id),
      }),
  ),
  route("POST", "POST /repos/{owner}/{repo}/issues/{issue_number}/reactions", "installation", (context) =>
    react(context, {
      kind: "issue",
      repo: repoOf(context.params),
      issueNumber: Number(context.params.issue_number),
    }),
  ),
  route("GET", "GET /repos/{owner}/{repo}/contents/{path}", "installation", (context) => {
    const text = context.store.files.get(
      `${repoOf(context.params)}:${decodeURIComponent(context.params.path ?? "")}`,
    );
    if (text === undefined) return NOT_FOUND;
    return fileContentsAnswer(context, text, { path: context.params.path });
  }),
  route("GET", "GET /repos/{owner}/{repo}/issues/{issue_number}", "installation", (context) => {
    const issue = context.store.issues.get(`${repoOf(context.params)}#${context.params.issue_number}`);
    return issue ? { status: 200, body: issueJson(issue, "issue", context) } : NOT_FOUND;
  }),
  route("GET", "GET /repos/{owner}/{repo}/pulls/{pull_number}", "installation", (context) => {
    const pull = context.store.issues.get(`${repoOf(context.params)}#${context.params.pull_number}`);
    return pull?.pull ? { status: 200, body: issueJson(pull, "pull", context) } : NOT_FOUND;
  }),
  ...GITHUB_PULL_ROUTES,
  ...GITHUB_CATALOG_ROUTES,
];

/** Finds the route for a request and reads its path parameters. */
export function matchGithubRoute(
  method: string,
  path: string,
): { route: GithubRoute; params: Record<string, string> } | null {
  for (const candidate of GITHUB_ROUTES) {
    if (candidate.method !== method) continue;
    const match = candidate.pattern.exec(path);
    if (!match) continue;
    const params = Object.fromEntries(
      candidate.keys.map((key, index) => [key, decodeURIComponent(match[index + 1] ?? "")]),
    );
    return { route: candidate, params };
  }
  return null;
}
