import type { ClassifySample } from "@baton/core";
import { SLACK_CONTEXT_KEYS } from "../policy/slack-context.js";

const SLACK_CHANNEL_ID = /^[CGD][A-Z0-9]{6,}$/;

/**
 * `baton classify` as if in Slack: `--channel` is an id (the conversation's) or a name, which the
 * classifier gets the way the bot's context lookup hands it a channel's name.
 */
export const slackClassifySample: ClassifySample = {
  flags: ["  --channel    Slack channel name or id, e.g. payments-eng or C0123ABCD"],
  conversation({ channel: given }) {
    const channel = given?.replace(/^#/, "");
    const isId = channel !== undefined && SLACK_CHANNEL_ID.test(channel);
    const context: Record<string, string> = {};
    if (channel && !isId) context[SLACK_CONTEXT_KEYS.channelName] = channel;
    return {
      kind: "sample",
      conversation: {
        platform: "slack",
        teamId: "T0CLI",
        channelId: isId ? channel : "C0CLI",
        threadTs: "0000000000.000000",
      },
      context,
    };
  },
};
