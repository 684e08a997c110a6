import type { ConversationRef } from "@baton/core";

export type SlackConversationRef = Extract<ConversationRef, { platform: "slack" }>;

export function slackConversation(teamId: string, channelId: string, threadTs: string): SlackConversationRef {
  return { platform: "slack", teamId, channelId, threadTs };
}
