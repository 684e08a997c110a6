import { githubPane } from "./github/github-pane.js";
import { linearPane } from "./linear/linear-pane.js";
import type { PlaygroundPane } from "./playground-pane.js";
import { slackPane } from "./slack/slack-pane.js";

/** Every platform the playground shows, left to right. Adding one is one line here. */
export const PLAYGROUND_PANES: readonly PlaygroundPane[] = [slackPane, githubPane, linearPane];
