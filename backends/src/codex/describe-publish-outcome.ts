import type { Artifact } from "@baton/core";
import type { PublishOutcome } from "./publish/publish-outcome.js";

export interface PublishReport {
  artifacts: Artifact[];
  /** Lines for the end of the result: what was pushed where, and what went wrong, in words. */
  lines: string[];
}

function filesLine(files: Array<{ path: string; added: number; removed: number }>): string {
  const shown = files.slice(0, 8).map((file) => `\`${file.path}\` (+${file.added} −${file.removed})`);
  const more = files.length > shown.length ? ` and ${files.length - shown.length} more` : "";
  return `${shown.join(", ")}${more}`;
}

const PUSH_REFUSED_WORDS: Record<Extract<PublishOutcome, { kind: "push_refused" }>["reason"], string> = {
  protected: "the branch is protected",
  moved: "the branch moved under Baton (someone else pushed to it)",
  auth: "the remote refused Baton's credentials",
  other: "the remote refused the push",
};

/**
 * Each repository's publish outcome as the result shows it: the pull request (or, when there is
 * none, the pushed branch) as an artifact, and a line per repository saying what happened. A
 * refused push or pull request is said in words; the changes stay in the session's workspace.
 */
export function describePublishOutcomes(outcomes: readonly PublishOutcome[]): PublishReport {
  const artifacts: Artifact[] = [];
  const lines: string[] = [];
  for (const outcome of outcomes) {
    switch (outcome.kind) {
      case "no_changes":
        break;
      case "pushed": {
        const changed = filesLine(outcome.files);
        if (outcome.pullRequest) {
          const { number, url, opened } = outcome.pullRequest;
          artifacts.push({ kind: "pull_request", url, title: `${outcome.repo}#${number}` });
          lines.push(
            `${opened ? "Opened draft pull request" : "Pushed to pull request"} ${outcome.repo}#${number} (branch \`${outcome.branch}\`): ${changed}.`,
          );
        } else {
          artifacts.push({
            kind: "branch",
            title: `${outcome.repo} ${outcome.branch}`,
            ...(outcome.branchUrl ? { url: outcome.branchUrl } : {}),
          });
          const why = outcome.pullRequestRefused ? "" : " (no pull request: the repository is not on GitHub)";
          lines.push(`Pushed branch \`${outcome.branch}\` of ${outcome.repo}${why}: ${changed}.`);
        }
        if (outcome.pullRequestRefused)
          lines.push(
            `GitHub would not open a pull request for ${outcome.repo} (${outcome.pullRequestRefused}); the branch is pushed, open one from it.`,
          );
        break;
      }
      case "push_refused":
        lines.push(
          `⚠️ Could not push to ${outcome.repo}: ${PUSH_REFUSED_WORDS[outcome.reason]} (${outcome.message}). ${
            // The next turn starts from the branch as pushed: commits of Baton's that are not on
            // it go (a branch that moved), or are pushed again with the next turn's.
            outcome.reason === "moved"
              ? "This turn's changes were not kept: ask again, and the next turn starts from the branch as it is now."
              : "The changes are kept in this session; ask again to retry."
          }`,
        );
        break;
    }
  }
  return { artifacts, lines };
}
