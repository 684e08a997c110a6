import {
  type Beat,
  type Catalog,
  FINAL_REPLY,
  type Logger,
  type PlatformTurn,
  progressReply,
  REPLY_FIELDS,
  type Replier,
  type ReplyClaim,
  type ReplyLedger,
  type TrailingReplies,
} from "@baton/core";
import type { WebClient } from "@slack/web-api";
import type { SlackPeople } from "../access/create-slack-people.js";
import { mappingOfferMessage } from "../blocks/mapping-offer-blocks.js";
import { markdownToMrkdwn, withoutBroadcastMentions } from "../blocks/markdown-to-mrkdwn.js";
import { pickerBlocks } from "../blocks/picker-blocks.js";
import { formatDuration, resultMessages } from "../blocks/result-blocks.js";
import { workingMessage } from "../blocks/working-blocks.js";
import type { SlackBudgets } from "../budget/slack-budgets.js";
import { slackChannelTargets } from "../policy/slack-policy.js";
import { createSlackReplyClients } from "../slack-reply-clients.js";
import { createSlackRequesterNamer } from "./name-slack-requester.js";
import { slackErrorCode } from "./slack-error-code.js";
import { SLACK_REACTIONS } from "./slack-reactions.js";
import { createSlackStatusLine } from "./slack-status-line.js";
import { threadOf } from "./slack-thread-of.js";
import { createSlackThreadReplies } from "./slack-thread-replies.js";
import { createSlackWorkingMessage, workingStateOf } from "./slack-working-message.js";
import { withRetryableSlackErrors } from "./with-retryable-slack-errors.js";

/**
 * chat.update is a tier 3 method (~50 a minute); one progress edit per turn every few seconds
 * stays well inside it (where the status line is not available and progress edits the working message).
 */
export const SLACK_PROGRESS_MIN_INTERVAL_MS = 3_000;

export interface SlackReplierOptions {
  client: WebClient;
  ledger: ReplyLedger;
  catalog: Catalog;
  logger: Logger;
  /** Between two progress edits of the working message (where the status line is refused). */
  progressMinIntervalMs?: number;
  /** Between two status line updates of a turn (`SLACK_STATUS_MIN_INTERVAL_MS`). */
  statusMinIntervalMs?: number;
  /** A quiet turn's status set again after this long, before Slack removes it (`SLACK_STATUS_KEEPALIVE_MS`). */
  statusKeepaliveMs?: number;
  /** Who people are (cached `users.info`): turns then carry their requester's name. Ids only without it. */
  people?: SlackPeople;
  /**
   * The workspace's rate budgets: a status line update waits for a token of its channel's
   * setStatus budget (a progress edit for one of chat.update's), fairly among sessions.
   */
  budgets?: SlackBudgets;
  /** The process's shared clock, which waiting progress waits on (own timers without it). */
  beat?: Beat;
  /**
   * Where a turn's end leaves its working message's last edit and its reaction swap, so that they
   * hold no worker slot while they wait for their budgets (inside the reply without it).
   */
  trailingReplies?: TrailingReplies;
}

type SlackTurn = PlatformTurn<"slack">;

/**
 * Posts to the turn's Slack thread. Every message is recorded in the reply ledger under the turn
 * id, so a turn retried after a crash edits what it posted instead of posting again.
 */
export function createSlackReplier(options: SlackReplierOptions): Replier<"slack"> {
  const replier = withRetryableSlackErrors({
    ...createRawSlackReplier(options),
    // The reply ledger claims the offer before it is posted: at most one per turn, never twice.
    async offerMapping(turn, offer) {
      const { channelId, threadTs } = turn.request.conversation;
      await options.client.chat.postMessage({
        channel: channelId,
        thread_ts: threadTs,
        unfurl_links: false,
        ...mappingOfferMessage(offer),
      });
    },
  });
  if (!options.people) return replier;
  return {
    ...replier,
    prepare: createSlackRequesterNamer({ people: options.people, logger: options.logger }),
  };
}

function createRawSlackReplier({
  client,
  ledger,
  catalog,
  logger,
  progressMinIntervalMs = SLACK_PROGRESS_MIN_INTERVAL_MS,
  statusMinIntervalMs,
  statusKeepaliveMs,
  budgets,
  beat,
  trailingReplies,
}: SlackReplierOptions): Replier<"slack"> {
  const log = logger.child({ component: "bots.slack.replier" });
  // A result's calls and a progress update's wait for their budgets as themselves, not as urgent.
  const clients = createSlackReplyClients({ urgent: client, budgets, logger });
  const replies = createSlackThreadReplies({ clients, ledger, log });
  const { postOrUpdate } = replies;
  const working = createSlackWorkingMessage({
    clients,
    ledger,
    replies,
    budgets,
    log,
    minIntervalMs: progressMinIntervalMs,
    beat,
  });
  // Progress goes on the thread's status line, which spends its channel's setStatus budget rather
  // than chat.update's tier 3 one of the whole workspace; where Slack refuses the status line,
  // progress edits the working message as before.
  const statusLine = createSlackStatusLine({
    clients,
    budgets,
    log,
    minIntervalMs: statusMinIntervalMs,
    keepaliveMs: statusKeepaliveMs,
    beat,
    isFinished: async (turnId) => (await ledger.get(turnId, REPLY_FIELDS.finished)) !== null,
    onUnavailable: (turn, status) => working.pushEdit(turn, status),
  });

  async function react(turn: SlackTurn, name: string, remove?: string, reply?: ReplyClaim): Promise<void> {
    const { channel, messageTs } = threadOf(turn);
    await clients.as(reply, async (client) => {
      if (remove)
        await client.reactions.remove({ channel, timestamp: messageTs, name: remove }).catch(() => {});
      try {
        await client.reactions.add({ channel, timestamp: messageTs, name });
      } catch (error) {
        if (slackErrorCode(error) !== "already_reacted") throw error;
      }
    });
  }

  /** The turn ends: its working message says how; what waits of its progress never shows. */
  async function finishWorking(turn: SlackTurn, line: string): Promise<void> {
    await statusLine.finish(turn.id);
    await working.finish(turn, line);
  }

  /**
   * What follows a turn's last reply: its working message closed (as a final reply, ahead of
   * every session's progress) and its 👀 swapped for how it ended. Neither is what the person
   * waits for, and both draw on workspace-wide tiers (reactions.remove's is 20 a minute): with
   * `trailingReplies` they wait for their budgets after the turn has let go of its worker slot,
   * the swap as low as progress, so that it never delays another turn's acknowledgement.
   */
  async function closeTurn(turn: SlackTurn, line: string, reaction: string): Promise<void> {
    if (!trailingReplies) {
      await working.finish(turn, line, FINAL_REPLY);
      await react(turn, reaction, SLACK_REACTIONS.seen, FINAL_REPLY);
      return;
    }
    trailingReplies.defer("slack.working_message", (signal) =>
      working.finish(turn, line, { ...FINAL_REPLY, signal }),
    );
    trailingReplies.defer("slack.reaction", (signal) =>
      react(turn, reaction, SLACK_REACTIONS.seen, progressReply(turn.conversationKey, signal)),
    );
  }

  return {
    async note(session, { text }) {
      const { conversation } = session;
      await client.chat.postMessage({
        channel: conversation.channelId,
        thread_ts: conversation.threadTs,
        text: markdownToMrkdwn(text),
        unfurl_links: false,
      });
    },
    async originLink(turn) {
      const { channel, threadTs } = threadOf(turn);
      const answer = await client.chat.getPermalink({ channel, message_ts: threadTs });
      return answer.permalink ?? null;
    },
    async acknowledge(turn) {
      await Promise.all([
        react(turn, SLACK_REACTIONS.seen),
        working.show(turn, workingMessage(workingStateOf(turn)), { editIfPosted: false }),
      ]);
      log.debug("bots.slack.acknowledged", { turn_id: turn.id, delivery_id: turn.request.deliveryId });
    },
    async working(turn, context) {
      await working.setContext(turn, context);
      // With a shared budget, adding the target to the acknowledgement's message is an edit like
      // progress: it waits for chat.update's budget in the background, and the turn starts once
      // the message is there (so that a result never lands before it).
      const edit = budgets ? () => working.pushEdit(turn) : undefined;
      await working.show(turn, workingMessage(workingStateOf(turn, { context })), {
        editIfPosted: true,
        edit,
      });
      // A progress edit right behind this one waits out the interval, and a quick turn's result
      // comes before it would have shown. The status line spends no chat.update: its first
      // status goes at once.
      working.markEdited(turn.id);
    },
    async progress(turn, status) {
      if (!statusLine.show(turn, status)) working.pushEdit(turn, status);
    },
    // The working message itself is left to whoever ends the turn (its final edit may be on its way).
    async endProgress(turn) {
      await statusLine.finish(turn.id);
      await working.dropEdits(turn.id);
    },
    async ask(turn, decision) {
      // Before the question is posted: a status after it would say "is working" under a question.
      await statusLine.finish(turn.id);
      await postOrUpdate(turn, REPLY_FIELDS.picker("ask"), {
        text: `Which codebase should I work in? ${decision.reason}`,
        blocks: pickerBlocks({
          mode: "ask",
          turnId: turn.id,
          reason: decision.reason,
          candidates: decision.candidates,
          catalog,
          allowed: slackChannelTargets(catalog, turn.request.conversation.channelId),
          requesterId: turn.request.actor.id,
        }),
      });
      await finishWorking(turn, "🤔 Waiting for a choice of codebase (see below).");
    },
    async result(turn, outcome, shareUrl) {
      // Before the result is posted (which clears the status line): a status after it would say
      // "is working" under a finished thread for two minutes. A stop ends this way too.
      await statusLine.finish(turn.id);
      const messages = resultMessages({ ...outcome, summary: markdownToMrkdwn(outcome.summary) }, shareUrl);
      for (const [index, message] of messages.entries())
        await postOrUpdate(turn, REPLY_FIELDS.resultPart(index), message, { reply: FINAL_REPLY });
      const stopped = outcome.status === "stopped";
      await closeTurn(
        turn,
        stopped
          ? `⏹ Stopped after ${formatDuration(outcome.durationMs)}.`
          : `✅ Done in ${formatDuration(outcome.durationMs)}.`,
        stopped ? SLACK_REACTIONS.stopped : SLACK_REACTIONS.done,
      );
      log.info("bots.slack.result_posted", {
        turn_id: turn.id,
        delivery_id: turn.request.deliveryId,
        messages: messages.length,
      });
    },
    async failed(turn, error) {
      await statusLine.finish(turn.id);
      await postOrUpdate(
        turn,
        REPLY_FIELDS.failed,
        {
          text: `❌ ${withoutBroadcastMentions(error.message)}\nReply in this thread to try again, or mention me with a new request.`,
        },
        { reply: FINAL_REPLY },
      );
      await closeTurn(turn, "❌ Failed (see below).", SLACK_REACTIONS.failed);
    },
    async declined(turn, reason) {
      const { channel, threadTs } = threadOf(turn);
      await finishWorking(turn, "🚫 Not run.");
      await client.reactions
        .remove({ channel, timestamp: threadOf(turn).messageTs, name: SLACK_REACTIONS.seen })
        .catch(() => {});
      await client.chat.postEphemeral({
        channel,
        thread_ts: threadTs,
        user: turn.request.actor.id,
        text: reason,
      });
    },
  };
}
