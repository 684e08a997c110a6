import type { FakeGitRepositories } from "./fake-git-repositories.js";
import type { FakeGithubIssue, FakeGithubStore } from "./fake-github-store.js";

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
  /** The request's query string. */
  query: URLSearchParams;
  /** The repositories the fake serves over git's smart HTTP. */
  git: FakeGitRepositories;
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

export const NOT_FOUND: GithubAnswer = {
  status: 404,
  body: { message: "Not Found", documentation_url: "https://docs.github.com/rest" },
};

/** GitHub's default and largest page of a list (`per_page`). */
const DEFAULT_PER_PAGE = 30;
const MAX_PER_PAGE = 100;

/**
 * One page of `items` and GitHub's `Link` header (`rel="next"`, `rel="last"`) for the rest. The
 * links keep the request's other query parameters (a list's `since`), as GitHub's do.
 */
export function pageOf<T>(context: GithubRouteContext, path: string, items: readonly T[]) {
  const perPage = Math.min(
    MAX_PER_PAGE,
    Number(context.query.get("per_page") ?? DEFAULT_PER_PAGE) || DEFAULT_PER_PAGE,
  );
  const current = Math.max(1, Number(context.query.get("page") ?? 1) || 1);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const link = (n: number, rel: string) => {
    const query = new URLSearchParams(context.query);
    query.set("per_page", String(perPage));
    query.set("page", String(n));
    return `<${context.apiUrl}${path}?${query}>; rel="${rel}"`;
  };
  const links = current < last ? [link(current + 1, "next"), link(last, "last")] : [];
  return {
    items: items.slice((current - 1) * perPage, current * perPage),
    headers: links.length > 0 ? { link: links.join(", ") } : undefined,
  };
}

export function user(login: string, type: "User" | "Bot") {
  return { login, id: Math.abs(hash(login)), node_id: `U_${login}`, type, site_admin: false };
}

export function hash(text: string): number {
  let value = 0;
  for (const char of text) value = (value * 31 + char.charCodeAt(0)) | 0;
  return value;
}

/**
 * A file as the contents API answers it: raw when the request asks for `application/vnd.github.raw`,
 * else GitHub's JSON with the content in base64 (`name` only where GitHub sends one).
 */
export function fileContentsAnswer(
  context: GithubRouteContext,
  text: string,
  file: { path: string | undefined; name?: string },
): GithubAnswer {
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
      ...(file.name === undefined ? {} : { name: file.name }),
      path: file.path,
      content: Buffer.from(text).toString("base64"),
    },
  };
}

export function repoOf(params: Record<string, string>): string {
  return `${params.owner}/${params.repo}`;
}

/** An issue or pull request as GitHub's REST API renders it. */
export function issueJson(issue: FakeGithubIssue, kind: "issue" | "pull", context: GithubRouteContext) {
  const base = {
    id: Math.abs(hash(`${issue.repo}#${issue.number}`)),
    number: issue.number,
    title: issue.title,
    body: issue.body,
    state: issue.pull?.closed ? "closed" : "open",
    user: user(issue.author, issue.author.endsWith("[bot]") ? "Bot" : "User"),
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
    merged: pull.closed?.merged === true,
    merged_at: pull.closed?.merged ? "2026-01-01T00:00:00Z" : null,
    head: { ref: pull.headRef, repo: { full_name: pull.headRepo, fork: pull.headRepo !== issue.repo } },
    base: { ref: pull.baseRef, repo: { full_name: issue.repo, fork: false } },
  };
}

const segment = "([^/]+)";
/** A route in Octokit's notation (`GET /repos/{owner}/{repo}`), its parameters read from the path. */
export function route(
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
