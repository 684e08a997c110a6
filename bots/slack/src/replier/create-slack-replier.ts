import {
  type Catalog,
  type Logger,
  type PlatformTurn,
  REPLY_FIELDS,
  type Replier,
  type ReplyLedger,
} from "@baton/core";
import type { WebClient } from "@slack/web-api";
import type { SlackPeople } from "../access/create-slack-people.js";
import { mappingOfferMessage } from "../blocks/mapping-offer-blocks.js";
import { markdownToMrkdwn } from "../blocks/markdown-to-mrkdwn.js";
import { pickerBlocks } from "../blocks/picker-blocks.js";
import { formatDuration, resultMessages } from "../blocks/result-blocks.js";
import { finishedWorkingMessage, type WorkingState, workingMessage } from "../blocks/working-blocks.js";
import type { SlackBudgets } from "../budget/slack-budgets.js";
import { findPostedReply, replyMetadata } from "./find-posted-reply.js";
import { createSlackRequesterNamer } from "./name-slack-requester.js";
import { slackErrorCode } from "./slack-error-code.js";
import { SLACK_REACTIONS } from "./slack-reactions.js";
import { threadOf } from "./slack-thread-of.js";
import { createSlackWorkingEdits } from "./slack-working-edits.js";
import { withRetryableSlackErrors } from "./with-retryable-slack-errors.js";

/** chat.update is a tier 3 method (~50 a minute); one progress edit per turn every few seconds stays well inside it. */
export const SLACK_PROGRESS_MIN_INTERVAL_MS = 3_000;
/** How long `working` waits for the acknowledgement's message before it posts its own. */
const WORKING_MESSAGE_WAIT_MS = 2_000;

export interface SlackReplierOptions {
  client: WebClient;
  ledger: ReplyLedger;
  catalog: Catalog;
  logger: Logger;
  progressMinIntervalMs?: number;
  /** Who people are (cached `users.info`): turns then carry their requester's name. Ids only without it. */
  people?: SlackPeople;
  /** The workspace's rate budgets: progress edits wait for a token of chat.update's, fairly among sessions. */
  budgets?: SlackBudgets;
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
  budgets,
}: SlackReplierOptions): Replier<"slack"> {
  const log = logger.child({ component: "bots.slack.replier" });
  const throttle = createSlackWorkingEdits({ minIntervalMs: progressMinIntervalMs, budgets, log });

  async function postOrUpdate(
    turn: SlackTurn,
    field: string,
    message: { text: string; blocks?: unknown[] },
    /** The message's ts when the caller has just read it from the ledger. */
    knownTs?: string,
  ): Promise<string | undefined> {
    const { channel } = threadOf(turn);
    const existingTs = knownTs ?? (await recordedOrRecovered(turn, field));
    const blocks = message.blocks as never;
    if (existingTs) {
      await client.chat.update({ channel, ts: existingTs, text: message.text, blocks });
      return existingTs;
    }
    // Recorded before posting: were the answer lost or this worker killed before the ts is
    // recorded, the retry searches the thread for the message instead of posting it twice.
    await ledger.set(turn.id, REPLY_FIELDS.posting(field), "1");
    return postMarked(turn, field, message);
  }

  /** Posts `field`'s message, whose `posting` mark is recorded already, and records its ts. */
  async function postMarked(
    turn: SlackTurn,
    field: string,
    message: { text: string; blocks?: unknown[] },
  ): Promise<string | undefined> {
    const { channel, threadTs } = threadOf(turn);
    const posted = await client.chat.postMessage({
      channel,
      thread_ts: threadTs,
      text: message.text,
      blocks: message.blocks as never,
      unfurl_links: false,
      metadata: replyMetadata(turn.id, field),
    });
    if (posted.ts) await ledger.set(turn.id, field, posted.ts);
    return posted.ts;
  }

  /** The field's recorded ts; else, if a post of it was begun, the message found in the thread. */
  async function recordedOrRecovered(turn: SlackTurn, field: string): Promise<string | null> {
    const [recorded, posting] = await ledger.getMany(turn.id, [field, REPLY_FIELDS.posting(field)]);
    if (recorded) return recorded;
    if (!posting) return null;
    const ts = await findPostedReply(client, threadOf(turn), turn.id, field);
    if (ts) {
      await ledger.set(turn.id, field, ts);
      log.info("bots.slack.reply_recovered", { turn_id: turn.id, field });
    }
    return ts;
  }

  async function react(turn: SlackTurn, name: string, remove?: string): Promise<void> {
    const { channel, messageTs } = threadOf(turn);
    if (remove)
      await client.reactions.remove({ channel, timestamp: messageTs, name: remove }).catch(() => {});
    try {
      await client.reactions.add({ channel, timestamp: messageTs, name });
    } catch (error) {
      if (slackErrorCode(error) !== "already_reacted") throw error;
    }
  }

  function state(turn: SlackTurn, extra: Partial<WorkingState> = {}): WorkingState {
    return { turnId: turn.id, conversation: threadOf(turn).conversation, ...extra };
  }

  /**
   * The acknowledgement (from the dispatcher) and the worker may reach the working message at the
   * same moment: whoever claims it first posts it. The worker, second, edits it once it exists (it
   * adds the target). The acknowledgement, second, leaves it alone: its bare message would replace
   * the worker's, target and all.
   */
  async function showWorking(
    turn: SlackTurn,
    message: { text: string; blocks: unknown[] },
    { editIfPosted, edit }: { editIfPosted: boolean; edit?: () => void },
  ): Promise<void> {
    const field = REPLY_FIELDS.workingMessage;
    // With `edit`, the worker's edit of a posted message goes through it (the budget's queue).
    const editPosted = (ts: string) => (edit ? edit() : postOrUpdate(turn, field, message, ts));
    // The worker usually finds the acknowledgement's message posted: it edits it, claiming nothing.
    let ts = editIfPosted ? await ledger.get(turn.id, field) : null;
    if (ts) {
      await editPosted(ts);
      return;
    }
    // A fresh claim means that nothing of the message was posted yet: claimed together with the
    // message's `posting` mark (see postOrUpdate), it is posted without looking for it first.
    const claim = { field: REPLY_FIELDS.workingClaimed, value: "1" };
    if (await ledger.claimThenSet(turn.id, claim, { field: REPLY_FIELDS.posting(field), value: "1" })) {
      await postMarked(turn, field, message);
      return;
    }
    if (!editIfPosted) return;
    const deadline = Date.now() + WORKING_MESSAGE_WAIT_MS;
    ts = await ledger.get(turn.id, field);
    while (!ts && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      ts = await ledger.get(turn.id, field);
    }
    if (ts) await editPosted(ts);
  }

  /** Edits the working message with the turn's context and `status`, through the throttle (and budget). */
  function pushEdit(turn: SlackTurn, status?: string): void {
    throttle.push(turn, async () => {
      // Read when the edit is made, not for every status the throttle drops.
      const rawContext = await ledger.get(turn.id, REPLY_FIELDS.workingContext);
      const context = rawContext ? JSON.parse(rawContext) : undefined;
      const message = workingMessage(state(turn, { context, ...(status ? { status } : {}) }));
      await postOrUpdate(turn, REPLY_FIELDS.workingMessage, message);
    });
  }

  async function finishWorking(turn: SlackTurn, line: string): Promise<void> {
    await throttle.cancel(turn.id);
    const { channel } = threadOf(turn);
    const ts = await ledger.get(turn.id, REPLY_FIELDS.workingMessage);
    if (!ts) return;
    const finished = finishedWorkingMessage(line);
    await client.chat.update({ channel, ts, text: finished.text, blocks: finished.blocks as never });
  }

  return {
    async note(session, { turnId, text }) {
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
        showWorking(turn, workingMessage(state(turn)), { editIfPosted: false }),
      ]);
      log.debug("bots.slack.acknowledged", { turn_id: turn.id, delivery_id: turn.request.deliveryId });
    },
    async working(turn, context) {
      await ledger.set(turn.id, REPLY_FIELDS.workingContext, JSON.stringify(context));
      // With a shared budget, adding the target to the acknowledgement's message is an edit like
      // progress: it waits for chat.update's budget in the background, and the turn starts once
      // the message is there (so that a result never lands before it).
      const edit = budgets ? () => pushEdit(turn) : undefined;
      await showWorking(turn, workingMessage(state(turn, { context })), { editIfPosted: true, edit });
      // chat.update is rate-limited: a status right behind this edit waits out the interval, and
      // a quick turn's result replaces the working message before it would have shown.
      throttle.markEdited(turn.id);
    },
    async progress(turn, status) {
      pushEdit(turn, status);
    },
    async ask(turn, decision) {
      await postOrUpdate(turn, REPLY_FIELDS.picker("ask"), {
        text: `Which codebase should I work in? ${decision.reason}`,
        blocks: pickerBlocks({
          mode: "ask",
          turnId: turn.id,
          reason: decision.reason,
          candidates: decision.candidates,
          catalog,
          requesterId: turn.request.actor.id,
        }),
      });
      await finishWorking(turn, "🤔 Waiting for a choice of codebase (see below).");
    },
    async result(turn, outcome, shareUrl) {
      const messages = resultMessages({ ...outcome, summary: markdownToMrkdwn(outcome.summary) }, shareUrl);
      for (const [index, message] of messages.entries())
        await postOrUpdate(turn, REPLY_FIELDS.resultPart(index), message);
      const stopped = outcome.status === "stopped";
      await finishWorking(
        turn,
        stopped
          ? `⏹ Stopped after ${formatDuration(outcome.durationMs)}.`
          : `✅ Done in ${formatDuration(outcome.durationMs)}.`,
      );
      await react(turn, stopped ? SLACK_REACTIONS.stopped : SLACK_REACTIONS.done, SLACK_REACTIONS.seen);
      log.info("bots.slack.result_posted", {
        turn_id: turn.id,
        delivery_id: turn.request.deliveryId,
        messages: messages.length,
      });
    },
    async failed(turn, error) {
      await postOrUpdate(turn, REPLY_FIELDS.failed, {
        text: `❌ ${error.message}\nReply in this thread to try again, or mention me with a new request.`,
      });
      await finishWorking(turn, "❌ Failed (see below).");
      await react(turn, SLACK_REACTIONS.failed, SLACK_REACTIONS.seen);
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
