import type { Logger, PullRequestHost, RepositoryTokenProvider } from "@baton/core";
import type { RepositoryState } from "../session-state/session-state.js";

export type PullRequestStep =
  | { kind: "opened" | "updated"; number: number; url: string }
  | { kind: "refused"; message: string };

export interface PublishPullRequestInput {
  pullRequests: PullRequestHost | undefined;
  tokens: RepositoryTokenProvider | undefined;
  repo: string;
  repoState: RepositoryState;
  branch: string;
  baseBranch: string;
  title: string;
  body: string;
  logger: Logger;
}

/**
 * After a push to GitHub: opens the session's draft pull request the first time, and keeps its
 * body current afterwards. A pull request opened by an earlier attempt of the same turn (the
 * state was not saved) is found by its head branch instead of opened twice. Once someone merged
 * or closed the session's pull request, a follow-up's push would land in nothing anyone reviews:
 * a new one is opened for it instead.
 */
export async function publishPullRequest(
  input: PublishPullRequestInput,
  signal: AbortSignal,
): Promise<PullRequestStep> {
  const { pullRequests, repo, repoState, logger } = input;
  if (!pullRequests) return { kind: "refused", message: "Baton is not set up to open pull requests" };
  const token = await input.tokens?.tokenFor(repo, signal);
  if (!token) return { kind: "refused", message: `the GitHub App has no installation token for ${repo}` };
  const update = async (number: number, url: string): Promise<PullRequestStep> => {
    const updated = await pullRequests.update({ repo, token, number, body: input.body }, signal);
    // The push is in the pull request either way; only its description is behind.
    if (!updated.ok)
      logger.warn("backends.codex.publish.pull_request_update_failed", {
        repo,
        number,
        status: updated.status,
        error: updated.message,
      });
    return { kind: "updated", number, url };
  };
  const known = repoState.pullRequest;
  if (known) {
    const state = await pullRequests.stateOf({ repo, token, number: known.number }, signal);
    if (state === "open" || state === null) return update(known.number, known.url);
    logger.info("backends.codex.publish.pull_request_ended", { repo, number: known.number, state });
  }
  const request = {
    repo,
    token,
    title: input.title,
    head: input.branch,
    base: input.baseBranch,
    body: input.body,
  };
  const opened = await pullRequests.openDraft(request, signal);
  if (opened.ok) {
    logger.info("backends.codex.publish.pull_request_opened", { repo, number: opened.number });
    return { kind: "opened", number: opened.number, url: opened.url };
  }
  if (opened.alreadyExists) {
    const found = await pullRequests.findOpen({ repo, token, branch: input.branch }, signal);
    if (found) return update(found.number, found.url);
  }
  logger.warn("backends.codex.publish.pull_request_refused", {
    repo,
    status: opened.status,
    error: opened.message,
  });
  return { kind: "refused", message: opened.message };
}
