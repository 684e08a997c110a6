import type { PlatformPolicy } from "@baton/core";

/**
 * What core asks of Slack: a channel's `targets` in `slack.channels` (by channel id) are the
 * only targets its requests may use; a channel without them, or a DM, allows any.
 */
export const slackPolicy: PlatformPolicy<"slack"> = {
  platform: "slack",
  allowedTargets: (catalog, conversation) => catalog.slack.channels[conversation.channelId]?.targets ?? null,
};
