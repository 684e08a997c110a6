import type { Catalog, PlatformPolicy } from "@baton/core";
import { SLACK_CATALOG, slackCatalogOf } from "./slack-catalog.js";
import { SLACK_CLASSIFIER_CONTEXT } from "./slack-context.js";
import { createSlackMapping } from "./slack-mapping.js";

/** A channel's `targets` in `slack.channels`: the only targets it may use; null when any. */
export function slackChannelTargets(catalog: Catalog, channelId: string): readonly string[] | null {
  return slackCatalogOf(catalog).channels[channelId]?.targets ?? null;
}

/**
 * What core asks of Slack: a channel's `targets` in `slack.channels` (by channel id) are the only
 * targets its requests may use (a channel without them, or a DM, allows any); a channel's `target`
 * maps its requests; the channel's name, topic and thread are the classifier's context.
 */
export const slackPolicy: PlatformPolicy<"slack"> = {
  platform: "slack",
  catalog: SLACK_CATALOG,
  allowedTargets: (catalog, conversation) => slackChannelTargets(catalog, conversation.channelId),
  mapping: createSlackMapping,
  classifierContext: SLACK_CLASSIFIER_CONTEXT,
  mappingFacts: (catalog) =>
    Object.entries(slackCatalogOf(catalog).channels).flatMap(([channel, entry]) =>
      entry.target ? [{ target: entry.target, fact: "slack channel", value: channel }] : [],
    ),
};
