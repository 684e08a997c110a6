import {
  createProgressThrottle,
  errorMessage,
  type Logger,
  REPLY_FIELDS,
  type RedisKeys,
  type Replier,
  type ReplyLedger,
  type Turn,
  type WorkingContext,
} from "@baton/core";
import type { Redis } from "ioredis";
import type { InstallationOctokits } from "../octokit/create-installation-octokits.js";
import { addGithubReaction, GITHUB_REACTIONS } from "./add-github-reaction.js";
import { createTurnComment } from "./create-turn-comment.js";
import { githubThreadOf, isAskedInWords } from "./github-thread.js";
import {
  renderAskComment,
  renderFailedComment,
  renderResultComment,
  renderWorkingComment,
} from "./render-github-comment.js";

/** GitHub paces comment edits; one progress edit per turn every few seconds is plenty. */
export const GITHUB_PROGRESS_MIN_INTERVAL_MS = 5_000;
/** A person who may not use Baton on a PR or issue is told so once in this long. */
export const DECLINED_NOTICE_TTL_MS = 24 * 60 * 60_000;

export interface GithubReplierOptions {
  octokits: InstallationOctokits;
  ledger: ReplyLedger;
  redis: Redis;
  keys: RedisKeys;
  logger: Logger;
  progressMinIntervalMs?: number;
}

/**
 * Answers a GitHub turn: 👀 on what the person wrote at once, then one comment per turn, posted
 * as "working" and edited in place with progress and the result. Every method is idempotent per
 * turn id.
 */
export function createGithubReplier({
  octokits,
  ledger,
  redis,
  keys,
  logger,
  progressMinIntervalMs = GITHUB_PROGRESS_MIN_INTERVAL_MS,
}: GithubReplierOptions): Replier {
  const log = logger.child({ component: "bots.github.replier" });
  const writeComment = createTurnComment({ octokits, ledger });
  const throttle = createProgressThrottle({
    minIntervalMs: progressMinIntervalMs,
    onError: (error) => log.warn("bots.github.progress_failed", { error: errorMessage(error) }),
  });

  async function react(turn: Turn): Promise<void> {
    const thread = githubThreadOf(turn);
    await addGithubReaction(
      await octokits.forInstallation(thread.installationId),
      thread,
      GITHUB_REACTIONS.seen,
    );
  }

  async function workingContext(turn: Turn): Promise<WorkingContext | undefined> {
    const raw = await ledger.get(turn.id, REPLY_FIELDS.workingContext);
    return raw ? (JSON.parse(raw) as WorkingContext) : undefined;
  }

  async function finish(turn: Turn, status: "completed" | "stopped" | "failed", body: string): Promise<void> {
    await throttle.cancel(turn.id);
    await ledger.markFinished(turn.id, status);
    await writeComment(turn, body);
  }

  return {
    async acknowledge(turn) {
      await ledger.rememberRequest(turn.id, turn.request);
      if (!isAskedInWords(githubThreadOf(turn))) return;
      await react(turn);
      log.debug("bots.github.acknowledged", { turn_id: turn.id, delivery_id: turn.request.deliveryId });
    },
    async working(turn, context) {
      await ledger.set(turn.id, REPLY_FIELDS.workingContext, JSON.stringify(context));
      if (!isAskedInWords(githubThreadOf(turn))) await react(turn);
      await writeComment(turn, renderWorkingComment(turn.id, context));
    },
    async progress(turn, status) {
      const context = await workingContext(turn);
      throttle.push(turn.id, () => writeComment(turn, renderWorkingComment(turn.id, context, status)));
    },
    async ask(turn, decision) {
      await ledger.rememberRequest(turn.id, turn.request);
      await throttle.cancel(turn.id);
      await writeComment(turn, renderAskComment(turn.id, decision));
    },
    async result(turn, outcome, shareUrl) {
      await finish(turn, outcome.status, renderResultComment(turn.id, outcome, shareUrl));
      log.info("bots.github.result_posted", {
        turn_id: turn.id,
        delivery_id: turn.request.deliveryId,
        status: outcome.status,
      });
    },
    async failed(turn, error) {
      await finish(turn, "failed", renderFailedComment(turn.id, error.message));
    },
    async declined(turn, reason) {
      const { installationId, owner, repo, issueNumber } = githubThreadOf(turn);
      if (!(await ledger.claim(turn.id, REPLY_FIELDS.declined, "1"))) return;
      // At most one notice per person and PR or issue a day, however often they ask.
      const noticeKey = keys.scoped(
        "github",
        "declined",
        turn.conversationKey,
        turn.request.actor.id.toLowerCase(),
      );
      if ((await redis.set(noticeKey, "1", "PX", DECLINED_NOTICE_TTL_MS, "NX")) === null) return;
      const octokit = await octokits.forInstallation(installationId);
      await octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
        owner,
        repo,
        issue_number: issueNumber,
        body: `@${turn.request.actor.id} ${reason}`,
      });
    },
  };
}
