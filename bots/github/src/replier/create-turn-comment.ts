import { REPLY_FIELDS, type ReplyClaim, type ReplyLedger } from "@baton/core";
import { type InstallationOctokits, requestFor } from "../octokit/create-installation-octokits.js";
import { type GithubTurn, githubThreadOf } from "./github-thread.js";
import { turnMarker } from "./render-github-comment.js";

/**
 * A retried turn looks for the comment it posted among those updated since its request came in,
 * less this much for a difference between Baton's clock and GitHub's.
 */
const RECOVERY_CLOCK_SLACK_MS = 10 * 60_000;
/** How many pages of those comments it reads at most: a thousand comments in one turn's time. */
const RECOVERY_SEARCH_PAGES = 10;

/** Writes a turn's one comment for `reply` (urgent without it): posts it the first time, edits it ever after. */
export type WriteTurnComment = (turn: GithubTurn, body: string, reply?: ReplyClaim) => Promise<void>;

/**
 * One comment per turn. Its id is kept in the reply ledger, so a retried turn edits its own
 * comment. Were a worker to die between posting and recording, the retry finds the comment by
 * its hidden turn marker instead of posting a second one; were two runs of the turn to post at
 * once, the one whose id is recorded second deletes its own.
 */
export function createTurnComment({
  octokits,
  ledger,
}: {
  octokits: InstallationOctokits;
  ledger: ReplyLedger;
}): WriteTurnComment {
  // A read draws on no budget, so it is made as no reply in particular (Octokit's paginate would
  // drop the option anyway: each page is requested with the method, URL and headers only).
  async function findPosted(turn: GithubTurn): Promise<number | null> {
    const { installationId, owner, repo, issueNumber } = githubThreadOf(turn);
    const octokit = await octokits.forInstallation(installationId);
    const marker = turnMarker(turn.id);
    // GitHub lists an issue's comments oldest first: on a long thread the first pages hold none
    // of this turn's, so the search asks only for those updated since the turn began.
    const since = new Date(Date.parse(turn.request.receivedAt) - RECOVERY_CLOCK_SLACK_MS).toISOString();
    let pages = 0;
    for await (const { data } of octokit.paginate.iterator(
      "GET /repos/{owner}/{repo}/issues/{issue_number}/comments",
      { owner, repo, issue_number: issueNumber, since, per_page: 100 },
    )) {
      const found = data.find((comment) => comment.body?.includes(marker));
      if (found) return Number(found.id);
      pages += 1;
      if (pages >= RECOVERY_SEARCH_PAGES) break;
    }
    return null;
  }

  return async function writeTurnComment(turn, body, reply) {
    const { installationId, owner, repo, issueNumber } = githubThreadOf(turn);
    const octokit = await octokits.forInstallation(installationId);
    let id = await ledger.get(turn.id, REPLY_FIELDS.workingMessage);
    if (!id && !(await ledger.claim(turn.id, REPLY_FIELDS.workingClaimed, "1"))) {
      const found = await findPosted(turn);
      if (found) {
        id = String(found);
        await ledger.set(turn.id, REPLY_FIELDS.workingMessage, id);
      }
    }
    if (id) {
      await octokit.request("PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}", {
        owner,
        repo,
        comment_id: Number(id),
        body,
        ...requestFor(reply),
      });
      return;
    }
    const { data } = await octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
      owner,
      repo,
      issue_number: issueNumber,
      body,
      ...requestFor(reply),
    });
    const posted = String(data.id);
    if (await ledger.claim(turn.id, REPLY_FIELDS.workingMessage, posted)) return;
    // Another run of this turn (its worker lost the lock and it was run again) posted its comment
    // at the same moment: the first recorded stays, this one goes, so the issue shows one.
    await octokit.request("DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}", {
      owner,
      repo,
      comment_id: Number(posted),
      ...requestFor(reply),
    });
    const kept = await ledger.get(turn.id, REPLY_FIELDS.workingMessage);
    if (kept)
      await octokit.request("PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}", {
        owner,
        repo,
        comment_id: Number(kept),
        body,
        ...requestFor(reply),
      });
  };
}
