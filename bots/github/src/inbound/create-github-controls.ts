import type { ControlWord, ControlWordOutcome, ConversationControls, Logger } from "@baton/core";
import type { PermissionCheck } from "../access/create-permission-check.js";
import type { InstallationOctokits } from "../octokit/create-installation-octokits.js";
import { conversationOfPlace, type GithubTrigger } from "./github-trigger.js";

/** Runs `@baton stop`, `@baton share` and `@baton unshare` from a comment. */
export type RunGithubControl = (word: ControlWord, trigger: GithubTrigger) => Promise<void>;

function describeOutcome(done: ControlWordOutcome): string | null {
  const { outcome } = done;
  switch (outcome.kind) {
    case "refused":
      return outcome.reason;
    case "no_session":
      return "There is no Baton session here yet: mention me with a request to start one.";
    case "stopped_running":
      // The running turn answers for itself, in its own comment.
      return null;
    case "dropped_queued": {
      const count = outcome.result.cancelledTurnIds.length;
      return `⏹ Stopped. Dropped ${count} queued request${count === 1 ? "" : "s"}.`;
    }
    case "nothing_running":
      return "Nothing is running here.";
    case "shared":
      return `🔗 [Read-only transcript of this session](${outcome.url})`;
    case "sharing_off":
      return "Sharing is turned off for this Baton.";
    case "revoked":
      return "🔒 The share link of this session no longer works.";
    case "not_shared":
      return "This session has no share link.";
  }
}

/**
 * Session controls from GitHub. They need a permission check (an API call), so the webhook is
 * answered first and the control runs right after; only people who can write to the repository
 * may stop or share a session, as only they may start one.
 */
export function createGithubControls({
  controls,
  permissions,
  octokits,
  logger,
}: {
  controls: ConversationControls;
  permissions: PermissionCheck;
  octokits: InstallationOctokits;
  logger: Logger;
}): RunGithubControl {
  const log = logger.child({ component: "bots.github.controls" });

  return async function runGithubControl(word, trigger) {
    const { place, actor } = trigger;
    const repo = `${place.owner}/${place.repo}`;
    const permission = await permissions.canWrite({
      installationId: place.installationId,
      repo,
      login: actor.login,
    });
    if (!permission.canWrite) {
      log.info("bots.github.control_refused", { word, repo, reason: "not_a_writer" });
      return;
    }
    const done = await controls.run(word, {
      conversation: conversationOfPlace(place),
      userId: actor.login,
    });
    const dropped = "result" in done.outcome ? done.outcome.result.cancelledTurnIds.length : 0;
    log.info("bots.github.control", { word, repo, outcome: done.outcome.kind, dropped });
    const text = describeOutcome(done);
    if (!text) return;
    const octokit = await octokits.forInstallation(place.installationId);
    await octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
      owner: place.owner,
      repo: place.repo,
      issue_number: place.number,
      body: text,
    });
  };
}
