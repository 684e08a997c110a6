import type { Actor, Logger, PullRequestHost, RepositoryTokenProvider } from "@baton/core";
import type { RepositoryStores } from "../../workspace/repository-stores.js";
import type { CheckRun } from "../codex-backend-ports.js";
import type { RepositoryState, SessionState } from "../session-state/session-state.js";
import type { WorkspaceRepository } from "../workspace/session-workspace.js";
import { expectGit, workspaceGit } from "../workspace/workspace-git.js";
import { type CommitAuthor, commitTurn } from "./commit-turn.js";
import type { PublishOutcome } from "./publish-outcome.js";
import { publishPullRequest } from "./publish-pull-request.js";
import { pullRequestBody } from "./pull-request-body.js";
import { pushBranch } from "./push-branch.js";
import { readNumstat } from "./read-numstat.js";

const COMMIT_BODY_MAX_CHARS = 500;

/** What publishing needs of the worker, the same for every turn. */
export interface PublishDependencies {
  stores: RepositoryStores;
  author: CommitAuthor;
  tokens: RepositoryTokenProvider | undefined;
  pullRequests: PullRequestHost | undefined;
  redact: (text: string) => string;
  git: string;
  log: Logger;
}

export interface PublishRepositoryInput {
  repository: WorkspaceRepository;
  /** This repository's part of the session state: updated in place with what was pushed and the pull request. */
  repoState: RepositoryState;
  session: SessionState;
  requester: Actor;
  sessionId: string;
  title: string;
  asked: string;
  checks: CheckRun[];
}

type Pushed = Extract<PublishOutcome, { kind: "pushed" }>;

/**
 * One repository of a turn: commit what changed, push the branch (with commits an earlier push
 * could not deliver), then open or update its pull request when the repository is on GitHub.
 */
export async function publishRepository(
  deps: PublishDependencies,
  input: PublishRepositoryInput,
  signal: AbortSignal,
): Promise<PublishOutcome> {
  const { repository, repoState } = input;
  const { repo, branch } = repository;
  const git = (args: string[]) => workspaceGit(repository, args, signal, { git: deps.git });
  const subject = input.title;
  const body = deps.redact(input.asked).slice(0, COMMIT_BODY_MAX_CHARS);
  const commitInput = { repository, author: deps.author, requester: input.requester, subject, body };
  const committed = await commitTurn({ ...commitInput, sessionId: input.sessionId, git: deps.git }, signal);
  const head = committed ?? (await expectGit("rev-parse HEAD", git(["rev-parse", "HEAD"])));
  // Starting over after a merge, the base is what the remote has of this turn's work.
  const published =
    repository.replacesBranchAt === undefined
      ? (repoState.pushedCommit ?? repoState.baseCommit)
      : repoState.baseCommit;
  // Nothing new, and nothing an earlier turn could not push: nothing to do.
  if (head === published) return { repo, kind: "no_changes" };
  // This turn's changes, or (a retry) everything the remote does not have yet.
  const from = head === repository.startCommit ? published : repository.startCommit;
  const numstat = await git(["diff", "--numstat", "-z", "--no-renames", from, head]);
  const files = numstat.exitCode === 0 ? readNumstat(numstat.stdout) : [];
  const pushed = await pushBranch({ stores: deps.stores, repository, commit: head }, signal);
  const fields = { session_id: input.sessionId, repo, branch };
  if (!pushed.ok) {
    deps.log.warn("backends.codex.publish.push_refused", {
      ...fields,
      reason: pushed.reason,
      error: pushed.message,
    });
    return { repo, kind: "push_refused", reason: pushed.reason, message: pushed.message };
  }
  repoState.pushedCommit = head;
  deps.log.info("backends.codex.publish.pushed", { ...fields, commit: head });
  const outcome: Pushed = { repo, kind: "pushed", branch, commit: head, files };
  if (!deps.stores.source(repo).onGitHost) return outcome;
  return withPullRequest(deps, input, outcome, signal);
}

/** The branch's link on GitHub, and its pull request opened, updated, or refused in GitHub's words. */
async function withPullRequest(
  deps: PublishDependencies,
  { repository, repoState, session, checks, title }: PublishRepositoryInput,
  outcome: Pushed,
  signal: AbortSignal,
): Promise<Pushed> {
  const branchUrl = `${deps.stores.gitHost.replace(/\/+$/, "")}/${repository.repo}/tree/${repository.branch}`;
  const body = pullRequestBody({
    requests: session.requests,
    checks,
    links: session.links,
    redact: deps.redact,
  });
  const pull = await publishPullRequest(
    {
      pullRequests: deps.pullRequests,
      tokens: deps.tokens,
      repo: repository.repo,
      repoState,
      branch: repository.branch,
      baseBranch: repository.baseBranch,
      title,
      body,
      logger: deps.log,
    },
    signal,
  );
  if (pull.kind === "refused") return { ...outcome, branchUrl, pullRequestRefused: pull.message };
  repoState.pullRequest = { number: pull.number, url: pull.url };
  return {
    ...outcome,
    branchUrl,
    pullRequest: { number: pull.number, url: pull.url, opened: pull.kind === "opened" },
  };
}
