import type { Catalog, MappingMatch, RequestOf, Target, TargetResolver } from "@baton/core";
import { slackCatalogOf } from "./slack-catalog.js";
import { SLACK_CONTEXT_KEYS } from "./slack-context.js";

/** `slack.channels`: a channel's `target`, keyed by its id (C0123ABCD) or its name (`#payments`, `payments`). */
export function createSlackMapping(
  catalog: Catalog,
  resolve: TargetResolver,
): (request: RequestOf<"slack">) => MappingMatch | undefined {
  const channels = new Map<string, Target>();
  for (const [channel, entry] of Object.entries(slackCatalogOf(catalog).channels)) {
    const target = entry.target === undefined ? undefined : resolve(entry.target);
    if (target) channels.set(channelKey(channel), target);
  }
  return ({ conversation, context }) => {
    const name = context[SLACK_CONTEXT_KEYS.channelName];
    for (const key of [conversation.channelId, name]) {
      const target = key === undefined ? undefined : channels.get(channelKey(key));
      if (target)
        return {
          target,
          reason: `The Slack channel ${name ? `#${name.replace(/^#/, "")}` : key} is associated with it.`,
        };
    }
    return undefined;
  };
}

function channelKey(channel: string): string {
  return channel.trim().replace(/^#/, "").toLowerCase();
}
