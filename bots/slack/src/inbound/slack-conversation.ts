import type { ConversationRef } from "@baton/core";

export type SlackConversationRef = Extract<ConversationRef, { platform: "slack" }>;

export function slackConversation(teamId: string, channelId: string, threadTs: string): SlackConversationRef {
  return { platform: "slack", teamId, channelId, threadTs };
}

/** The organisation fields every Slack entry point carries, each under its own names. */
export interface SlackWorkspaceIds {
  enterpriseId?: string | null;
  teamId?: string | null;
}

/**
 * The team a conversation is keyed under, the same at every entry point (events, buttons,
 * `/baton`, the shortcut): the Enterprise Grid org when there is one (a channel's id is unique
 * across the org, and Slack names the acting workspace differently per payload), else the
 * workspace. Null when the payload names neither.
 */
export function slackConversationTeam({ enterpriseId, teamId }: SlackWorkspaceIds): string | null {
  return enterpriseId || teamId || null;
}
