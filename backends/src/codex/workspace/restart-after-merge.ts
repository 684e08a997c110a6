import { errorMessage, type PullRequestHost, type RepositoryTokenProvider } from "@baton/core";
import type { RepositoryState } from "../session-state/session-state.js";
import { fetchRef } from "./repository-worktree.js";
import type { WorkspaceContext } from "./workspace-context.js";
import { expectGit, workspaceGit } from "./workspace-git.js";

/** The repository host's pull requests, and the tokens to ask it with. */
export interface MergedPullRequests {
  pullRequests: PullRequestHost;
  tokens: RepositoryTokenProvider;
}

/**
 * A follow-up to a session whose pull request was merged starts over from the base branch's tip:
 * a squash merge leaves the branch's own commits outside the base, so that building on them would
 * list them again in the next pull request. The worktree moves to the tip, and the commit the
 * remote branch holds now is returned (empty when the branch is gone, as after GitHub deletes a
 * merged head branch): the next push replaces exactly that, and is refused if someone pushed
 * meanwhile. Null when there is nothing to restart: no pull request, one still open or closed
 * without a merge (its work goes on, in a new pull request), a branch someone pushed to after the
 * merge or a worktree holding commits a push could not deliver (neither is Baton's to drop), or
 * a host that cannot say.
 */
export async function restartAfterMerge(
  context: Pick<WorkspaceContext, "stores" | "git" | "log" | "merged">,
  input: {
    sessionId: string;
    repoState: RepositoryState;
    branch: string;
    worktree: { dir: string; gitDir: string };
  },
  signal: AbortSignal,
): Promise<string | null> {
  const { stores, merged, log } = context;
  const { repoState, branch } = input;
  const { repo, baseBranch, pullRequest } = repoState;
  if (!merged || !pullRequest || !stores.source(repo).onGitHost) return null;
  if ((await askState(merged, repo, pullRequest.number, signal, log)) !== "merged") return null;
  const { tip, remote } = await stores.withStore(repo, baseBranch, signal, async (store) => ({
    tip: await fetchRef(store, baseBranch, signal),
    remote: await fetchRef(store, `refs/heads/${branch}`, signal),
  }));
  if (!tip) return null;
  const git = (args: string[]) => workspaceGit(input.worktree, args, signal, { git: context.git });
  const head = await expectGit("rev-parse HEAD", git(["rev-parse", "HEAD"]));
  // Someone pushed to the branch after the merge, or the worktree holds commits an earlier push
  // could not deliver: those commits are not Baton's to drop, and the turn builds on them.
  const moved = remote !== null && remote !== repoState.pushedCommit;
  const unpushed = ![remote, repoState.pushedCommit, repoState.baseCommit].includes(head);
  if (moved || unpushed) {
    log.info("backends.codex.workspace.merged_branch_kept", {
      session_id: input.sessionId,
      repo,
      merged_pull_request: pullRequest.number,
      why: moved ? "pushed_since" : "unpushed_commits",
    });
    return null;
  }
  await expectGit("reset to the base", git(["reset", "--quiet", "--hard", tip]));
  log.info("backends.codex.workspace.restarted_after_merge", {
    session_id: input.sessionId,
    repo,
    merged_pull_request: pullRequest.number,
    base_commit: tip,
  });
  repoState.baseCommit = tip;
  return remote ?? "";
}

/** The pull request's state; null when it cannot be asked (the turn then goes on as before). */
async function askState(
  { tokens, pullRequests }: MergedPullRequests,
  repo: string,
  number: number,
  signal: AbortSignal,
  log: WorkspaceContext["log"],
) {
  try {
    const token = await tokens.tokenFor(repo, signal);
    return token ? await pullRequests.stateOf({ repo, token, number }, signal) : null;
  } catch (error) {
    if (signal.aborted) throw error;
    log.warn("backends.codex.workspace.pull_request_state_unknown", {
      repo,
      number,
      error: errorMessage(error),
    });
    return null;
  }
}
