import {
  type Beat,
  createProgressThrottle,
  errorMessage,
  FINAL_REPLY,
  type Logger,
  prepaidProgress,
  REPLY_FIELDS,
  type RedisKeys,
  type Replier,
  type ReplyClaim,
  type ReplyLedger,
  type WorkingContext,
} from "@baton/core";
import type { Redis } from "ioredis";
import type { GithubBudgets } from "../budget/github-budgets.js";
import { DEFAULT_GITHUB_MENTION } from "../inbound/find-baton-mention.js";
import type { InstallationOctokits } from "../octokit/create-installation-octokits.js";
import { addGithubReaction, GITHUB_REACTIONS } from "./add-github-reaction.js";
import { createTurnComment } from "./create-turn-comment.js";
import { type GithubTurn, githubThreadOf, isAskedInWords } from "./github-thread.js";
import {
  renderAskComment,
  renderFailedComment,
  renderMappingOfferComment,
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
  /** The installations' rate budgets: progress edits wait for a token, fairly among sessions. */
  budgets?: GithubBudgets;
  /** The handle people call Baton with: the offer to keep a habit says what to reply. */
  mention?: string;
  /** The process's shared clock, which waiting progress waits on (own timers without it). */
  beat?: Beat;
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
  budgets,
  mention = DEFAULT_GITHUB_MENTION,
  beat,
}: GithubReplierOptions): Replier<"github"> {
  const log = logger.child({ component: "bots.github.replier" });
  const writeComment = createTurnComment({ octokits, ledger });
  const throttle = createProgressThrottle({
    minIntervalMs: progressMinIntervalMs,
    onError: (error) => log.warn("bots.github.progress_failed", { error: errorMessage(error) }),
    onCoalesced: () => budgets?.replyBudget.coalesced("github"),
    beat,
  });

  async function react(turn: GithubTurn): Promise<void> {
    const thread = githubThreadOf(turn);
    await addGithubReaction(
      await octokits.forInstallation(thread.installationId),
      thread,
      GITHUB_REACTIONS.seen,
    );
  }

  async function workingContext(turn: GithubTurn): Promise<WorkingContext | undefined> {
    const raw = await ledger.get(turn.id, REPLY_FIELDS.workingContext);
    return raw ? (JSON.parse(raw) as WorkingContext) : undefined;
  }

  /** The turn's end: what waits of its progress never goes, and its comment is a final reply. */
  async function finish(turn: GithubTurn, body: string): Promise<void> {
    await throttle.cancel(turn.id);
    await writeComment(turn, body, FINAL_REPLY);
  }

  return {
    async acknowledge(turn) {
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
      // The working context is read when an edit goes out, not for every status: most statuses
      // are replaced by a newer one before their edit's time comes.
      const edit = async (reply?: ReplyClaim) =>
        writeComment(turn, renderWorkingComment(turn.id, await workingContext(turn), status), reply);
      if (!budgets) return throttle.push(turn.id, () => edit());
      // The tokens are taken before the status is chosen: the edit that goes out is the latest.
      const buckets = budgets.progressBuckets(githubThreadOf(turn).installationId);
      const paid = prepaidProgress(budgets.replyBudget, buckets, turn.conversationKey, edit);
      throttle.push(turn.id, paid.update, paid.gate);
    },
    endProgress: (turn) => throttle.cancel(turn.id),
    async ask(turn, decision) {
      await throttle.cancel(turn.id);
      await writeComment(turn, renderAskComment(turn.id, decision));
    },
    async result(turn, outcome, shareUrl) {
      await finish(turn, renderResultComment(turn.id, outcome, shareUrl));
      log.info("bots.github.result_posted", {
        turn_id: turn.id,
        delivery_id: turn.request.deliveryId,
        status: outcome.status,
      });
    },
    async failed(turn, error) {
      await finish(turn, renderFailedComment(turn.id, error.message));
    },
    // The first time a repository's habit routed an issue (learn-from-turn asks once per target).
    async offerMapping(turn, offer) {
      const { installationId, owner, repo, issueNumber } = githubThreadOf(turn);
      const octokit = await octokits.forInstallation(installationId);
      await octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
        owner,
        repo,
        issue_number: issueNumber,
        body: renderMappingOfferComment(offer, mention),
      });
    },
    async declined(turn, reason) {
      const { installationId, owner, repo, issueNumber } = githubThreadOf(turn);
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
