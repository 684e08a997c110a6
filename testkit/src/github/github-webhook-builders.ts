import { webhookExample } from "./github-webhook-examples.js";

/** Who did something on GitHub: a person (`User`) or an App's bot account (`Bot`). */
export interface GithubSender {
  login: string;
  id?: number;
  type?: "User" | "Bot";
}

export interface GithubEventBase {
  /** `owner/name` */
  repo: string;
  installationId: number;
  sender: GithubSender;
}

export interface GithubWebhook {
  /** The `X-GitHub-Event` header. */
  event: string;
  payload: Record<string, unknown>;
}

const DEFAULT_USER_ID = 583_231;

function account(sender: GithubSender) {
  const type = sender.type ?? "User";
  return {
    login: sender.login,
    id: sender.id ?? DEFAULT_USER_ID,
    node_id: `MDQ6VXNlcj${sender.login}`,
    avatar_url: `https://avatars.githubusercontent.com/u/${sender.id ?? DEFAULT_USER_ID}?v=4`,
    html_url: `https://github.com/${sender.login}`,
    url: `https://api.github.com/users/${sender.login}`,
    type,
    site_admin: false,
  };
}

/** Puts the repository, installation and sender into a real example payload. */
function place(payload: Record<string, unknown>, { repo, installationId, sender }: GithubEventBase) {
  const [owner = "", name = ""] = repo.split("/");
  const repository = payload.repository as Record<string, unknown>;
  Object.assign(repository, {
    name,
    full_name: repo,
    html_url: `https://github.com/${repo}`,
    url: `https://api.github.com/repos/${repo}`,
    owner: { ...(repository.owner as object), login: owner },
  });
  payload.installation = {
    id: installationId,
    node_id: `MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9u${installationId}`,
  };
  payload.sender = account(sender);
  return payload;
}

function issueFields(repo: string, number: number, title: string, body: string, author: GithubSender) {
  return {
    number,
    title,
    body,
    user: account(author),
    html_url: `https://github.com/${repo}/issues/${number}`,
    url: `https://api.github.com/repos/${repo}/issues/${number}`,
  };
}

export interface IssueCommentInput extends GithubEventBase {
  number: number;
  body: string;
  commentId: number;
  /** The comment is on a pull request's conversation (`issue.pull_request` is set). */
  onPullRequest?: boolean;
  title?: string;
}

/** `issue_comment.created`: a comment on an issue or on a pull request's conversation. */
export function buildIssueCommentEvent(input: IssueCommentInput): GithubWebhook {
  const payload = place(webhookExample("issue_comment", "created"), input);
  const issue = payload.issue as Record<string, unknown>;
  Object.assign(
    issue,
    issueFields(input.repo, input.number, input.title ?? "Spelling error in the README file", "", {
      login: "octocat",
    }),
  );
  if (input.onPullRequest) {
    issue.html_url = `https://github.com/${input.repo}/pull/${input.number}`;
    issue.pull_request = {
      url: `https://api.github.com/repos/${input.repo}/pulls/${input.number}`,
      html_url: `https://github.com/${input.repo}/pull/${input.number}`,
      diff_url: `https://github.com/${input.repo}/pull/${input.number}.diff`,
      patch_url: `https://github.com/${input.repo}/pull/${input.number}.patch`,
      merged_at: null,
    };
  }
  Object.assign(payload.comment as Record<string, unknown>, {
    id: input.commentId,
    body: input.body,
    user: account(input.sender),
    html_url: `${issue.html_url as string}#issuecomment-${input.commentId}`,
  });
  return { event: "issue_comment", payload };
}

export interface PullRequestShape {
  number: number;
  title?: string;
  body?: string;
  draft?: boolean;
  /** `owner/name` of the head branch's repository; another one than `repo` makes the PR come from a fork. */
  headRepo?: string;
  headRef?: string;
}

function shapePullRequest(
  payload: Record<string, unknown>,
  repo: string,
  pr: PullRequestShape,
  author: GithubSender,
) {
  const pull = payload.pull_request as Record<string, unknown>;
  Object.assign(
    pull,
    issueFields(repo, pr.number, pr.title ?? "Update the README with new information", pr.body ?? "", author),
    {
      html_url: `https://github.com/${repo}/pull/${pr.number}`,
      url: `https://api.github.com/repos/${repo}/pulls/${pr.number}`,
      draft: pr.draft ?? false,
    },
  );
  const headRepo = pr.headRepo ?? repo;
  const head = pull.head as Record<string, unknown>;
  Object.assign(head, {
    ref: pr.headRef ?? "changes",
    label: `${headRepo.split("/")[0]}:${pr.headRef ?? "changes"}`,
    repo: {
      ...(head.repo as object),
      full_name: headRepo,
      name: headRepo.split("/")[1],
      fork: headRepo !== repo,
    },
  });
  const base = pull.base as Record<string, unknown>;
  base.repo = { ...(base.repo as object), full_name: repo, name: repo.split("/")[1], fork: false };
  if ("number" in payload) payload.number = pr.number;
}

export interface ReviewCommentInput extends GithubEventBase {
  pull: PullRequestShape;
  body: string;
  commentId: number;
  path: string;
  line: number;
  diffHunk: string;
}

/** `pull_request_review_comment.created`: a comment on a line of a pull request's diff. */
export function buildReviewCommentEvent(input: ReviewCommentInput): GithubWebhook {
  const payload = place(webhookExample("pull_request_review_comment", "created"), input);
  shapePullRequest(payload, input.repo, input.pull, { login: "octocat" });
  Object.assign(payload.comment as Record<string, unknown>, {
    id: input.commentId,
    body: input.body,
    user: account(input.sender),
    path: input.path,
    line: input.line,
    original_line: input.line,
    side: "RIGHT",
    diff_hunk: input.diffHunk,
    html_url: `https://github.com/${input.repo}/pull/${input.pull.number}#discussion_r${input.commentId}`,
  });
  return { event: "pull_request_review_comment", payload };
}

export interface ReviewInput extends GithubEventBase {
  pull: PullRequestShape;
  body: string | null;
  reviewId: number;
  state?: "commented" | "approved" | "changes_requested";
}

/** `pull_request_review.submitted`: a review with an optional body. */
export function buildReviewEvent(input: ReviewInput): GithubWebhook {
  const payload = place(webhookExample("pull_request_review", "submitted"), input);
  shapePullRequest(payload, input.repo, input.pull, { login: "octocat" });
  Object.assign(payload.review as Record<string, unknown>, {
    id: input.reviewId,
    body: input.body,
    state: input.state ?? "commented",
    user: account(input.sender),
    html_url: `https://github.com/${input.repo}/pull/${input.pull.number}#pullrequestreview-${input.reviewId}`,
  });
  return { event: "pull_request_review", payload };
}

export interface IssueEventInput extends GithubEventBase {
  number: number;
  title?: string;
  body?: string;
  /** `labeled` needs the label's name. */
  label?: string;
}

/** `issues.opened` or `issues.labeled`. */
export function buildIssuesEvent(action: "opened" | "labeled", input: IssueEventInput): GithubWebhook {
  const payload = place(webhookExample("issues", action), input);
  Object.assign(
    payload.issue as Record<string, unknown>,
    issueFields(
      input.repo,
      input.number,
      input.title ?? "Spelling error in the README file",
      input.body ?? "",
      input.sender,
    ),
  );
  if (action === "labeled") payload.label = { ...(payload.label as object), name: input.label ?? "baton" };
  return { event: "issues", payload };
}

export interface PullRequestEventInput extends GithubEventBase {
  pull: PullRequestShape;
  label?: string;
}

/** `pull_request.opened`, `.labeled` or `.ready_for_review`. */
export function buildPullRequestEvent(
  action: "opened" | "labeled" | "ready_for_review",
  input: PullRequestEventInput,
): GithubWebhook {
  const payload = place(webhookExample("pull_request", action), input);
  shapePullRequest(payload, input.repo, input.pull, input.sender);
  if (action === "labeled") payload.label = { ...(payload.label as object), name: input.label ?? "baton" };
  return { event: "pull_request", payload };
}

/** `installation.created`: the App was installed on an account. */
export function buildInstallationEvent(input: GithubEventBase): GithubWebhook {
  const payload = webhookExample("installation", "created");
  (payload.installation as Record<string, unknown>).id = input.installationId;
  payload.sender = account(input.sender);
  return { event: "installation", payload };
}
