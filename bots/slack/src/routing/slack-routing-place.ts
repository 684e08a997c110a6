import type { RoutingPlace, SessionRequest } from "@baton/core";
import { SLACK_CONTEXT_KEYS } from "../policy/slack-context.js";

/**
 * A Slack request's place, as routing learns it: its channel, written in the catalog as
 * `slack.channels.<channel id>.target`. A direct message has no place: one person's habit there
 * is nobody else's routing.
 */
export function slackRoutingPlace(request: SessionRequest): RoutingPlace | undefined {
  const { conversation, context } = request;
  if (conversation.platform !== "slack") return undefined;
  if (context["slack.channelType"] === "im" || conversation.channelId.startsWith("D")) return undefined;
  const name = context[SLACK_CONTEXT_KEYS.channelName]?.replace(/^#/, "");
  return {
    key: slackPlaceKey(conversation.channelId),
    // `<#C…>` is how Slack shows a channel it names, when the request did not carry the name.
    label: name ? `#${name}` : `<#${conversation.channelId}>`,
    catalogPath: ["slack", "channels", conversation.channelId, "target"],
  };
}

/** A channel's place key: what `baton catalog forget` takes, and what an offer in it may change. */
export function slackPlaceKey(channelId: string): string {
  return `slack:${channelId}`;
}
