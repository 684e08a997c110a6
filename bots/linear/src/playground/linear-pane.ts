import type { PlaygroundPane } from "@baton/core";
import { createLinearPane } from "./create-linear-pane.js";
import { LINEAR_PANE_SCRIPT } from "./linear-pane-script.js";
import { LINEAR_PANE_STYLE } from "./linear-pane-style.js";

/** Linear in the playground: an issue backed by testkit's fake Linear, unless Linear's secrets are set. */
export const linearPane: PlaygroundPane = {
  platform: "linear",
  title: "Linear",
  credentials: ["LINEAR_WEBHOOK_SECRET", "LINEAR_API_KEY", "LINEAR_CLIENT_ID", "LINEAR_CLIENT_SECRET"],
  script: LINEAR_PANE_SCRIPT,
  style: LINEAR_PANE_STYLE,
  simulate: createLinearPane,
};
