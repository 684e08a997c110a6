import type { FakeGithubComment, FakeGithubStore, RepositoryPermission } from "./fake-github-store.js";
import {
  checkBody,
  commentJson,
  issueJson,
  NOT_FOUND,
  react,
  repoOf,
  TOKEN_LIFETIME_MS,
  user,
} from "./github-answers.js";

export interface GithubAnswer {
  status: number;
  body?: unknown;
  /** Sent as is (e.g. a raw file); otherwise `body` is JSON-encoded. */
  raw?: string;
  headers?: Record<string, string>;
}

export interface GithubRouteContext {
  store: FakeGithubStore;
  params: Record<string, string>;
  body: Record<string, unknown>;
  /** The installation the request's token belongs to; routes that need one are refused without it. */
  installationId: number | undefined;
  accept: string;
  appSlug: string;
  webUrl: string;
  apiUrl: string;
}

export interface GithubRoute {
  method: string;
  /** Octokit's route form, e.g. `POST /repos/{owner}/{repo}/issues/{issue_number}/comments`. */
  name: string;
  pattern: RegExp;
  /** The path parameters' names, in the order the pattern captures them. */
  keys: string[];
  /** App JWT routes are authenticated as the App; the others need an installation token. */
  auth: "app" | "installation";
  answer(context: GithubRouteContext): GithubAnswer;
}

const segment = "([^/]+)";
function route(
  method: string,
  name: string,
  auth: GithubRoute["auth"],
  answer: GithubRoute["answer"],
): GithubRoute {
  const keys: string[] = [];
  const source = name.split(" ")[1]?.replace(/\{(\w+)\}/g, (_match, key: string) => {
    keys.push(key);
    return key === "path" ? "(.+)" : segment;
  });
  return { method, name, pattern: new RegExp(`^${source}$`), keys, auth, answer };
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
    const list = [...context.store.comments.values()].filter(
      (c) => c.repo === repo && c.issueNumber === number,
    );
    return { status: 200, body: list.map((comment) => commentJson(comment, context)) };
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
    if (/application\/vnd\.github(\.v3)?\.raw/.test(context.accept))
      return {
        status: 200,
        raw: text,
        headers: { "content-type": "application/vnd.github.raw; charset=utf-8" },
      };
    return {
      status: 200,
      body: {
        type: "file",
        encoding: "base64",
        path: context.params.path,
        content: Buffer.from(text).toString("base64"),
      },
    };
  }),
  route("GET", "GET /repos/{owner}/{repo}/issues/{issue_number}", "installation", (context) => {
    const issue = issueJson(context, "issue");
    return issue ? { status: 200, body: issue } : NOT_FOUND;
  }),
  route("GET", "GET /repos/{owner}/{repo}/pulls/{pull_number}", "installation", (context) => {
    const pull = issueJson(context, "pull");
    return pull ? { status: 200, body: pull } : NOT_FOUND;
  }),
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
