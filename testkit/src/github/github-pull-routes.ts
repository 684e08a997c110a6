import type { FakeGithubIssue } from "./fake-github-store.js";
import {
  type GithubAnswer,
  type GithubRoute,
  type GithubRouteContext,
  issueJson,
  NOT_FOUND,
  repoOf,
  route,
} from "./github-route.js";

/** GitHub's limit on a pull request's body. */
const MAX_PULL_BODY_CHARS = 65_536;

function invalid(field: string, code = "invalid", message?: string): GithubAnswer {
  return {
    status: 422,
    body: {
      message: "Validation Failed",
      errors: [{ resource: "PullRequest", field, code, ...(message ? { message } : {}) }],
      documentation_url: "https://docs.github.com/rest/pulls/pulls#create-a-pull-request",
    },
  };
}

/** `owner:branch` or `branch` (same repository) → the branch. */
function branchOf(head: string, owner: string): string | null {
  const [prefix, ...rest] = head.split(":");
  if (rest.length === 0) return head;
  return prefix === owner ? rest.join(":") : null;
}

function pullsOf(context: GithubRouteContext): FakeGithubIssue[] {
  const repo = repoOf(context.params);
  return [...context.store.issues.values()].filter((issue) => issue.repo === repo && issue.pull);
}

/** A branch the pull request names must exist when the fake serves the repository over git. */
function missingBranch(context: GithubRouteContext, branch: string): boolean {
  return context.git.hasBranch(repoOf(context.params), branch) === false;
}

function createPull(context: GithubRouteContext): GithubAnswer {
  const { title, head, base, body = "", draft } = context.body;
  const repo = repoOf(context.params);
  if (typeof title !== "string" || title.trim() === "") return invalid("title", "missing_field");
  if (typeof head !== "string" || head === "") return invalid("head", "missing_field");
  if (typeof base !== "string" || base === "") return invalid("base", "missing_field");
  if (typeof body !== "string" || body.length > MAX_PULL_BODY_CHARS) return invalid("body");
  const headRef = branchOf(head, context.params.owner ?? "");
  if (!headRef || missingBranch(context, headRef)) return invalid("head");
  if (missingBranch(context, base)) return invalid("base");
  if (pullsOf(context).some((pull) => pull.pull?.headRef === headRef && !pull.pull.closed))
    return invalid("head", "custom", `A pull request already exists for ${context.params.owner}:${headRef}.`);
  if (draft === true && context.store.withoutDrafts.has(repo))
    return invalid("draft", "custom", "Draft pull requests are not supported in this repository.");
  const numbers = [...context.store.issues.values()].filter((i) => i.repo === repo).map((i) => i.number);
  const issue: FakeGithubIssue = {
    repo,
    number: Math.max(0, ...numbers) + 1,
    title,
    body,
    author: `${context.appSlug}[bot]`,
    pull: { headRepo: repo, headRef, baseRef: base, draft: draft === true },
  };
  context.store.issues.set(`${repo}#${issue.number}`, issue);
  return { status: 201, body: issueJson(issue, "pull", context) };
}

function updatePull(context: GithubRouteContext): GithubAnswer {
  const issue = context.store.issues.get(`${repoOf(context.params)}#${context.params.pull_number}`);
  if (!issue?.pull) return NOT_FOUND;
  const { title, body, base } = context.body;
  if (title !== undefined && (typeof title !== "string" || title.trim() === "")) return invalid("title");
  if (body !== undefined && (typeof body !== "string" || body.length > MAX_PULL_BODY_CHARS))
    return invalid("body");
  if (base !== undefined && (typeof base !== "string" || missingBranch(context, base)))
    return invalid("base");
  if (typeof title === "string") issue.title = title;
  if (typeof body === "string") issue.body = body;
  if (typeof base === "string") issue.pull.baseRef = base;
  return { status: 200, body: issueJson(issue, "pull", context) };
}

function listPulls(context: GithubRouteContext): GithubAnswer {
  const head = context.query.get("head");
  const base = context.query.get("base");
  const state = context.query.get("state") ?? "open";
  const headRef = head ? branchOf(head, context.params.owner ?? "") : undefined;
  const list = pullsOf(context)
    .filter((pull) => state === "all" || (state === "closed") === Boolean(pull.pull?.closed))
    .filter((pull) => (head ? pull.pull?.headRef === headRef : true))
    .filter((pull) => (base ? pull.pull?.baseRef === base : true))
    .sort((a, b) => b.number - a.number);
  return { status: 200, body: list.map((pull) => issueJson(pull, "pull", context)) };
}

/** Pull requests: create (drafts too; the head branch must exist), update, and list by state, head or base. */
export const GITHUB_PULL_ROUTES: GithubRoute[] = [
  route("POST", "POST /repos/{owner}/{repo}/pulls", "installation", createPull),
  route("PATCH", "PATCH /repos/{owner}/{repo}/pulls/{pull_number}", "installation", updatePull),
  route("GET", "GET /repos/{owner}/{repo}/pulls", "installation", listPulls),
];
