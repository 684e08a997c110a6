import { describeTarget, type Logger, type Replier, type ReplyLedger, type Turn } from "@baton/core";
import type { WebClient } from "@slack/web-api";
import { resultMessages } from "../blocks/result-blocks.js";

/** The emoji that says "seen" while Baton works. */
export const SLACK_ACK_REACTION = "eyes";

export interface SlackReplierOptions {
  client: WebClient;
  ledger: ReplyLedger;
  logger: Logger;
}

function threadOf(turn: Turn): { channel: string; threadTs: string; messageTs: string } {
  const { conversation, context } = turn.request;
  if (conversation.platform !== "slack") throw new Error(`the Slack replier got a ${conversation.platform} turn`);
  return { channel: conversation.channelId, threadTs: conversation.threadTs, messageTs: context["slack.messageTs"] ?? conversation.threadTs };
}

/**
 * Posts to the turn's Slack thread. Every post is recorded in the reply ledger under the turn id,
 * so a turn retried after a crash edits its earlier message instead of posting a second one.
 */
export function createSlackReplier({ client, ledger, logger }: SlackReplierOptions): Replier {
  const log = logger.child({ component: "bots.slack.replier" });

  async function postOrUpdate(turn: Turn, field: string, message: { text: string; blocks?: unknown[] }): Promise<void> {
    const { channel, threadTs } = threadOf(turn);
    const existingTs = await ledger.get(turn.id, field);
    const blocks = message.blocks as never;
    if (existingTs) {
      await client.chat.update({ channel, ts: existingTs, text: message.text, blocks });
      return;
    }
    const posted = await client.chat.postMessage({ channel, thread_ts: threadTs, text: message.text, blocks, unfurl_links: false });
    if (posted.ts) await ledger.set(turn.id, field, posted.ts);
  }

  async function react(turn: Turn, name: string): Promise<void> {
    const { channel, messageTs } = threadOf(turn);
    try {
      await client.reactions.add({ channel, timestamp: messageTs, name });
    } catch (error) {
      if (slackErrorCode(error) !== "already_reacted") throw error;
    }
  }

  return {
    async acknowledge(turn) {
      await react(turn, SLACK_ACK_REACTION);
      log.debug("bots.slack.acknowledged", { turn_id: turn.id, delivery_id: turn.request.deliveryId });
    },
    async working() {},
    async progress() {},
    async ask(turn, decision) {
      const options = decision.candidates.map((target) => `• ${describeTarget(target)}`).join("\n");
      await postOrUpdate(turn, "ask", {
        text: `Which codebase should I work in? ${decision.reason}\n${options}\nReply in this thread with \`@baton in owner/name …\` (or \`no repo\`) to start.`,
      });
    },
    async result(turn, outcome, shareUrl) {
      const messages = resultMessages(outcome, shareUrl);
      for (const [index, message] of messages.entries()) await postOrUpdate(turn, `result.${index}`, message);
      log.info("bots.slack.result_posted", { turn_id: turn.id, delivery_id: turn.request.deliveryId, messages: messages.length });
    },
    async failed(turn, error) {
      await postOrUpdate(turn, "failed", { text: `❌ ${error.message}` });
    },
    async declined(turn, reason) {
      const { channel, threadTs } = threadOf(turn);
      if (!(await ledger.claim(turn.id, "declined", "1"))) return;
      await client.chat.postEphemeral({ channel, thread_ts: threadTs, user: turn.request.actor.id, text: reason });
    },
  };
}

/** The `error` of a Slack platform error (`already_reacted`, `channel_not_found`, …). */
export function slackErrorCode(error: unknown): string | undefined {
  const data = (error as { data?: { error?: unknown } } | null)?.data;
  return typeof data?.error === "string" ? data.error : undefined;
}
