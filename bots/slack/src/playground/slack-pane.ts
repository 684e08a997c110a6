import type { PlaygroundPane } from "@baton/core";
import { createSlackPane, PLAYGROUND_SLACK_CHANNEL } from "./create-slack-pane.js";
import { SLACK_PANE_SCRIPT } from "./slack-pane-script.js";
import { SLACK_PANE_STYLE } from "./slack-pane-style.js";

/** Slack in the playground: a channel backed by testkit's fake Slack, unless Slack's secrets are set. */
export const slackPane: PlaygroundPane = {
  platform: "slack",
  title: "Slack",
  credentials: ["SLACK_SIGNING_SECRET", "SLACK_BOT_TOKEN", "SLACK_APP_TOKEN"],
  script: SLACK_PANE_SCRIPT,
  style: SLACK_PANE_STYLE,
  // The scripted coding agent's demo starts in the playground's channel, mapped to its repository.
  demo: {
    catalogYaml: (repo) =>
      ["slack:", "  channels:", `    ${PLAYGROUND_SLACK_CHANNEL.id}: { target: ${repo} }`].join("\n"),
    invitation: "mention @baton in Slack",
  },
  simulate: createSlackPane,
};
