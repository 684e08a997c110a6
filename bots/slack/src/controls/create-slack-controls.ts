import {
  type Catalog,
  type ControlWord,
  type ConversationControls,
  describeTarget,
  errorMessage,
  type Logger,
  type PickerMode,
  REPLY_FIELDS,
  type ReplyLedger,
  type StopOutcome,
} from "@baton/core";
import type { WebClient } from "@slack/web-api";
import { pickerBlocks } from "../blocks/picker-blocks.js";
import type { SlackConversationRef } from "../inbound/slack-conversation.js";
import { slackMessageTs } from "../inbound/slack-message-ts.js";
import { slackChannelTargets } from "../policy/slack-policy.js";
import { SLACK_REACTIONS } from "../replier/slack-reactions.js";

export interface SlackControlContext {
  conversation: SlackConversationRef;
  /** Who asked; unknown for Slack's own stop control. */
  userId: string | undefined;
  source: "mention" | "button" | "slack_stop_control";
}

export interface SlackControlsOptions {
  client: WebClient;
  /** The platform-neutral controls, with Slack's steering rule. */
  controls: ConversationControls;
  /** For the picker's choices. */
  catalog: Catalog;
  ledger: ReplyLedger;
  logger: Logger;
}

/** What a person can do to a session besides prompting it, said and answered in Slack. */
export interface SlackControls {
  stop(context: SlackControlContext): Promise<void>;
  run(word: ControlWord, context: SlackControlContext): Promise<void>;
  /** A click in a picker: starts the waiting request (or restarts the running one) on that target. */
  pick(input: { mode: PickerMode; turnId: string; targetRef: string; userId: string }): Promise<void>;
  /** The "Change target" button: posts a picker for the turn's session. */
  openPicker(input: { turnId: string; userId: string }): Promise<void>;
  /** Answers, in its thread, a message Baton cannot act on (a forward it cannot read); not awaited. */
  answerUnusable(conversation: SlackConversationRef, text: string): void;
}

const NO_SESSION = "There is no Baton session in this thread yet: mention me with a request to start one.";

/**
 * Slack's side of the session controls: the work (permission, stop, intake) is core's and is
 * awaited; the Slack posts that say what happened are not, so that a control word in an event is
 * acknowledged as fast as a prompt.
 */
export function createSlackControls({
  client,
  controls,
  catalog,
  ledger,
  logger,
}: SlackControlsOptions): SlackControls {
  const log = logger.child({ component: "bots.slack.controls" });

  function later(what: string, post: () => Promise<unknown>): void {
    post().catch((error: unknown) =>
      log.warn("bots.slack.control_post_failed", { what, error: errorMessage(error) }),
    );
  }

  /** To the person only, when Slack says who they are; else to the thread. */
  function tell(
    context: { conversation: SlackConversationRef; userId: string | undefined },
    text: string,
  ): void {
    const { channelId: channel, threadTs: thread_ts } = context.conversation;
    later("tell", () =>
      context.userId
        ? client.chat.postEphemeral({ channel, thread_ts, user: context.userId, text })
        : client.chat.postMessage({ channel, thread_ts, text }),
    );
  }

  function say(
    what: string,
    conversation: SlackConversationRef,
    text: string,
    extra: { unfurl_links?: boolean } = {},
  ): void {
    const { channelId: channel, threadTs: thread_ts } = conversation;
    later(what, () => client.chat.postMessage({ channel, thread_ts, text, ...extra }));
  }

  /** A queued turn that a stop dropped: its working message and 👀 say so, so nothing is left hanging. */
  async function markDropped(turnId: string): Promise<void> {
    const [request, workingTs] = await Promise.all([
      ledger.pendingRequest(turnId),
      ledger.get(turnId, REPLY_FIELDS.workingMessage),
    ]);
    if (request?.conversation.platform !== "slack") return;
    const channel = request.conversation.channelId;
    if (workingTs)
      await client.chat.update({
        channel,
        ts: workingTs,
        text: "⏹ Dropped: the session was stopped.",
        blocks: [],
      });
    const timestamp = slackMessageTs(request);
    if (timestamp) {
      await client.reactions.remove({ channel, timestamp, name: SLACK_REACTIONS.seen }).catch(() => {});
      await client.reactions.add({ channel, timestamp, name: SLACK_REACTIONS.stopped }).catch(() => {});
    }
  }

  function renderStop(outcome: StopOutcome, context: SlackControlContext): void {
    switch (outcome.kind) {
      case "refused":
        tell(context, outcome.reason);
        break;
      case "stopped_running":
        // The running turn answers for itself with its ⏹ result.
        break;
      case "dropped_queued": {
        const count = outcome.result.cancelledTurnIds.length;
        say(
          "stop",
          context.conversation,
          `⏹ Stopped. Dropped ${count} queued request${count === 1 ? "" : "s"}.`,
        );
        break;
      }
      case "nothing_running":
        tell(context, "Nothing is running in this thread.");
        break;
    }
  }

  async function stop(context: SlackControlContext): Promise<void> {
    const outcome = await controls.stop(context);
    if (outcome.kind !== "refused") {
      log.info("bots.slack.stopped", {
        stopped_turn_id: outcome.result.stoppedTurnId,
        cancelled: outcome.result.cancelledTurnIds.length,
        source: context.source,
      });
      for (const turnId of outcome.result.cancelledTurnIds) later("mark_dropped", () => markDropped(turnId));
    }
    renderStop(outcome, context);
  }

  return {
    stop,
    answerUnusable: (conversation, text) => say("unusable_message", conversation, text),
    async run(word, context) {
      if (word === "stop") return stop(context);
      const outcome = word === "share" ? await controls.share(context) : await controls.unshare(context);
      const { conversation } = context;
      switch (outcome.kind) {
        case "no_session":
          return tell(context, NO_SESSION);
        case "refused":
          return tell(context, outcome.reason);
        case "shared":
          return say(word, conversation, `🔗 Read-only transcript of this session: ${outcome.url}`, {
            unfurl_links: false,
          });
        case "sharing_off":
          return say(word, conversation, "Sharing is turned off for this workspace.", {
            unfurl_links: false,
          });
        case "revoked":
          return say(word, conversation, "🔒 The share link of this session no longer works.");
        case "not_shared":
          return say(word, conversation, "This session has no share link.");
      }
    },
    async pick(input) {
      const outcome = await controls.pick(input);
      if (outcome.kind === "unknown_turn" || outcome.request.conversation.platform !== "slack") return;
      const context = { conversation: outcome.request.conversation, userId: input.userId };
      switch (outcome.kind) {
        case "not_requester":
          return tell(context, `Only <@${outcome.request.actor.id}> can choose where this request runs.`);
        case "unknown_target":
          return tell(context, `${outcome.targetRef} is no longer in Baton's catalog.`);
        case "already_chosen":
        // The dispatcher tells the thread why; the picker stays open for another try.
        case "refused":
          return;
        case "answered_otherwise": {
          tell(context, "This question was already answered in the thread: nothing was started or changed.");
          const { pickerMessageId } = outcome;
          if (!pickerMessageId) return;
          return later("picker_closed", () =>
            client.chat.update({
              channel: context.conversation.channelId,
              ts: pickerMessageId,
              text: "🎯 This question was answered in the thread.",
              blocks: [],
            }),
          );
        }
        case "started": {
          const { pickerMessageId } = outcome;
          if (!pickerMessageId) return;
          later("picked", () =>
            client.chat.update({
              channel: context.conversation.channelId,
              ts: pickerMessageId,
              text: `🎯 <@${input.userId}> chose *${describeTarget(outcome.target)}*.`,
              blocks: [],
            }),
          );
        }
      }
    },
    async openPicker({ turnId, userId }) {
      const request = await ledger.pendingRequest(turnId);
      if (request?.conversation.platform !== "slack") return;
      const context = { conversation: request.conversation, userId };
      const steerable = await controls.steerableSession(context);
      if (steerable.kind !== "steerable")
        return tell(context, steerable.kind === "refused" ? steerable.reason : NO_SESSION);
      const posted = await client.chat.postMessage({
        channel: request.conversation.channelId,
        thread_ts: request.conversation.threadTs,
        text: "Which codebase should I switch to?",
        blocks: pickerBlocks({
          mode: "change",
          turnId,
          reason: `It is working in ${describeTarget(steerable.session.target)} now.`,
          candidates: [],
          catalog,
          allowed: slackChannelTargets(catalog, request.conversation.channelId),
          requesterId: request.actor.id,
        }),
      });
      if (posted.ts) await ledger.set(turnId, REPLY_FIELDS.picker("change"), posted.ts);
    },
  };
}
