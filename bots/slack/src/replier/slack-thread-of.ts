import type { PlatformTurn } from "@baton/core";
import type { SlackConversationRef } from "../inbound/slack-conversation.js";
import { slackMessageTs } from "../inbound/slack-message-ts.js";

/** Where a turn's replies go: its thread, and the message that asked (for reactions). */
export function threadOf(turn: PlatformTurn<"slack">): {
  conversation: SlackConversationRef;
  channel: string;
  threadTs: string;
  messageTs: string;
} {
  const { conversation } = turn.request;
  return {
    conversation,
    channel: conversation.channelId,
    threadTs: conversation.threadTs,
    messageTs: slackMessageTs(turn.request) ?? conversation.threadTs,
  };
}
