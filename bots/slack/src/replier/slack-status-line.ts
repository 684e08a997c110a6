import {
  type Beat,
  createExpiringMap,
  errorMessage,
  type Logger,
  type PlatformTurn,
  prepaidProgress,
  type ReplyClaim,
} from "@baton/core";
import { statusLineText } from "../blocks/status-line-text.js";
import type { SlackBudgets } from "../budget/slack-budgets.js";
import type { SlackReplyClients } from "../slack-reply-clients.js";
import { createProgressThrottle } from "./progress-throttle.js";
import { slackErrorCode } from "./slack-error-code.js";
import { threadOf } from "./slack-thread-of.js";

/**
 * At most one status line update per turn this often. Slack publishes no figure for setStatus
 * (Baton models about one a second per channel): a fifth of that leaves room for five sessions
 * in one channel, and a person still sees a new status every few seconds, well inside the 15 s
 * Baton aims at; an agent's statuses come far faster than anyone reads a line that changes.
 */
export const SLACK_STATUS_MIN_INTERVAL_MS = 5_000;
/**
 * Slack removes a thread's status two minutes after it was set unless a message came since: a turn
 * whose agent is quiet longer (a long test run, say) would look stopped. Its latest status is set
 * again when it has shown nothing new for this long…
 */
export const SLACK_STATUS_KEEPALIVE_MS = 90_000;
/**
 * …and at most this many times in a row (half an hour of silence): a turn this worker lost (its
 * job taken over by another) may never call `finish` here. Each keepalive also asks whether the
 * turn has finished (its result claimed, by whichever worker), and stops if so.
 */
export const SLACK_STATUS_MAX_KEEPALIVES = 20;
/** How long a workspace (or channel) whose status line Slack refused is left on working-message edits. */
const UNAVAILABLE_FOR_MS = 60 * 60_000;
const UNAVAILABLE_MAX_ENTRIES = 10_000;

/**
 * setStatus errors that hold for every thread of the workspace until its app or plan changes:
 * the app lacks the scope (an install older than `chat:write` sufficing), the token may not call
 * it, or Slack no longer serves it. Not `invalid_auth` and the like: the token is broken for
 * every method, and working-message edits would fail as well.
 */
const WORKSPACE_ERRORS: ReadonlySet<string> = new Set([
  "missing_scope",
  "not_allowed_token_type",
  "method_deprecated",
  "deprecated_endpoint",
  "unknown_method",
  "enterprise_is_restricted",
  "team_access_not_granted",
  "accesslimited",
]);
/** Errors that hold for one channel: its type, or the app's place in it (the workspace's other channels may allow it). */
const CHANNEL_ERRORS: ReadonlySet<string> = new Set([
  "channel_type_not_supported",
  "not_allowed",
  "no_permission",
  "ekm_access_denied",
]);

type SlackTurn = PlatformTurn<"slack">;

/** The AI status line under a turn's thread ("<App> is working: …"), which carries its progress. */
export interface SlackStatusLine {
  /**
   * Shows `status` under the turn's thread: at most once per interval, always the latest, with a
   * budget once its channel's setStatus token is held. False when Slack refused the status line
   * here before: the caller edits the working message instead.
   */
  show(turn: SlackTurn, status: string): boolean;
  /**
   * Drops what waits and waits for an update on its way. Called before the turn's last reply: a
   * status landing after it would read "is working" under a finished thread for two minutes.
   */
  finish(turnId: string): Promise<void>;
}

export function createSlackStatusLine({
  clients,
  budgets,
  log,
  minIntervalMs = SLACK_STATUS_MIN_INTERVAL_MS,
  keepaliveMs = SLACK_STATUS_KEEPALIVE_MS,
  maxKeepalives = SLACK_STATUS_MAX_KEEPALIVES,
  isFinished = async () => false,
  onUnavailable,
  beat,
}: {
  clients: SlackReplyClients;
  budgets?: SlackBudgets;
  log: Logger;
  minIntervalMs?: number;
  keepaliveMs?: number;
  maxKeepalives?: number;
  /** Whether the turn has its final reply (from any worker): a keepalive then stops. */
  isFinished?: (turnId: string) => Promise<boolean>;
  /** Slack refused the status line for good: the status to show some other way. */
  onUnavailable: (turn: SlackTurn, status: string) => void;
  /** Where a status waits out its interval (own timers without it). */
  beat?: Beat;
}): SlackStatusLine {
  const throttle = createProgressThrottle({
    minIntervalMs,
    onError: (error) => log.warn("bots.slack.progress_failed", { error: errorMessage(error) }),
    onCoalesced: () => budgets?.replyBudget.coalesced("slack"),
    beat,
  });
  // In memory only: a worker that has not met the refusal yet meets it once, and falls back too.
  const unavailable = createExpiringMap<true>({
    ttlMs: UNAVAILABLE_FOR_MS,
    maxEntries: UNAVAILABLE_MAX_ENTRIES,
  });
  const workspaceOf = (turn: SlackTurn) => turn.request.conversation.teamId;
  const channelKey = (turn: SlackTurn) => `${workspaceOf(turn)}:${threadOf(turn).channel}`;
  const isUnavailable = (turn: SlackTurn) =>
    unavailable.get(workspaceOf(turn)) === true || unavailable.get(channelKey(turn)) === true;

  function refused(turn: SlackTurn, code: string): boolean {
    const scope = WORKSPACE_ERRORS.has(code) ? "workspace" : CHANNEL_ERRORS.has(code) ? "channel" : null;
    if (!scope) return false;
    const key = scope === "workspace" ? workspaceOf(turn) : channelKey(turn);
    // Several turns may meet the refusal at once: the first one says so.
    if (!unavailable.get(key))
      log.warn("bots.slack.status_line_unavailable", {
        team_id: workspaceOf(turn),
        ...(scope === "channel" ? { channel: threadOf(turn).channel } : {}),
        error: code,
        scope,
      });
    unavailable.set(key, true);
    return true;
  }

  function sendStatus(turn: SlackTurn, status: string): (reply?: ReplyClaim) => Promise<void> {
    const { channel, threadTs } = threadOf(turn);
    return async (reply) => {
      // Refused meanwhile (for another turn of the workspace, or this one's last update).
      if (isUnavailable(turn)) return onUnavailable(turn, status);
      try {
        await clients.as(reply, (client) =>
          client.assistant.threads.setStatus({
            channel_id: channel,
            thread_ts: threadTs,
            status: statusLineText(status),
          }),
        );
      } catch (error) {
        const code = slackErrorCode(error);
        if (code === undefined || !refused(turn, code)) throw error;
        onUnavailable(turn, status);
      }
    };
  }

  function push(turn: SlackTurn, status: string): boolean {
    if (isUnavailable(turn)) return false;
    const send = sendStatus(turn, status);
    if (!budgets) {
      throttle.push(turn.id, () => send());
      return true;
    }
    const bucket = budgets.statusBucket(threadOf(turn).channel);
    const paid = prepaidProgress(budgets.replyBudget, [bucket], turn.conversationKey, send);
    throttle.push(turn.id, paid.update, paid.gate);
    return true;
  }

  // Each open turn's latest status, set again when the turn has been quiet for `keepaliveMs`.
  // One timer a turn, restarted (not replaced) by each new status.
  const quiet = new Map<
    string,
    { turn: SlackTurn; status: string; shown: number; keepalives: number; timer: NodeJS.Timeout }
  >();
  function keepAlive(turn: SlackTurn, status: string) {
    const kept = quiet.get(turn.id);
    if (kept) {
      Object.assign(kept, { turn, status, shown: kept.shown + 1, keepalives: 0 });
      kept.timer.refresh();
      return;
    }
    const timer = setTimeout(() => void showAgain(turn.id), keepaliveMs);
    timer.unref();
    quiet.set(turn.id, { turn, status, shown: 0, keepalives: 0, timer });
  }
  async function showAgain(turnId: string) {
    const kept = quiet.get(turnId);
    if (!kept) return;
    const shown = kept.shown;
    // Unknown counts as finished: a status under a finished thread is worse than none.
    const finished = kept.keepalives >= maxKeepalives || (await isFinished(turnId).catch(() => true));
    // While the ledger answered, the turn finished here, or showed a new status (its timer restarted).
    if (quiet.get(turnId) !== kept || kept.shown !== shown) return;
    if (finished || !push(kept.turn, kept.status)) {
      quiet.delete(turnId);
      return;
    }
    kept.keepalives += 1;
    kept.timer.refresh();
  }

  return {
    show(turn, status) {
      if (!push(turn, status)) return false;
      keepAlive(turn, status);
      return true;
    },
    finish(turnId) {
      clearTimeout(quiet.get(turnId)?.timer);
      quiet.delete(turnId);
      return throttle.cancel(turnId);
    },
  };
}
