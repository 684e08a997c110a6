import type { PlaygroundPane } from "../playground-pane.js";
import { createSlackPane } from "./create-slack-pane.js";
import { SLACK_PANE_SCRIPT } from "./slack-pane-script.js";
import { SLACK_PANE_STYLE } from "./slack-pane-style.js";

/** Slack in the playground: a channel backed by testkit's fake Slack, unless Slack's secrets are set. */
export const slackPane: PlaygroundPane = {
  platform: "slack",
  title: "Slack",
  credentials: ["SLACK_SIGNING_SECRET", "SLACK_BOT_TOKEN", "SLACK_APP_TOKEN"],
  script: SLACK_PANE_SCRIPT,
  style: SLACK_PANE_STYLE,
  simulate: createSlackPane,
};
