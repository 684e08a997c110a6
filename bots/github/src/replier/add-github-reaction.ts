import type { InstallationOctokit } from "../octokit/create-installation-octokits.js";
import type { GithubThread } from "./github-thread.js";

/** GitHub's reaction names for what Baton shows: 👀 seen. */
export const GITHUB_REACTIONS = { seen: "eyes" } as const;

/**
 * Reacts on what the person wrote: their comment, review comment, or (for a review, an issue or
 * a PR) the issue or PR itself, since reviews take no reactions. Adding one already there is a no-op.
 */
export async function addGithubReaction(
  octokit: InstallationOctokit,
  thread: GithubThread,
  content: (typeof GITHUB_REACTIONS)[keyof typeof GITHUB_REACTIONS],
): Promise<void> {
  const { owner, repo, issueNumber, replyTo } = thread;
  if (replyTo.kind === "issue_comment" && replyTo.commentId)
    await octokit.request("POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions", {
      owner,
      repo,
      comment_id: replyTo.commentId,
      content,
    });
  else if (replyTo.kind === "review_comment" && replyTo.commentId)
    await octokit.request("POST /repos/{owner}/{repo}/pulls/comments/{comment_id}/reactions", {
      owner,
      repo,
      comment_id: replyTo.commentId,
      content,
    });
  else
    await octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/reactions", {
      owner,
      repo,
      issue_number: issueNumber,
      content,
    });
}
