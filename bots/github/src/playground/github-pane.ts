import type { PlaygroundPane } from "@baton/core";
import { GITHUB_REQUIRED_VARIABLES } from "../github-environment.js";
import { createGithubPane } from "./create-github-pane.js";
import { GITHUB_OPENED_PULLS_SCRIPT } from "./github-opened-pulls-script.js";
import { GITHUB_PANE_SCRIPT } from "./github-pane-script.js";
import { GITHUB_PANE_STYLE } from "./github-pane-style.js";

/** GitHub in the playground: a pull request backed by testkit's fake GitHub, unless the App's secrets are set. */
export const githubPane: PlaygroundPane = {
  platform: "github",
  title: "GitHub",
  credentials: GITHUB_REQUIRED_VARIABLES,
  // Its fake serves git: the scripted coding agent pushes to the demo repository there.
  hostsRepositories: true,
  // The opened pull requests' renderer first: the pane's script calls it.
  script: `${GITHUB_OPENED_PULLS_SCRIPT}\n${GITHUB_PANE_SCRIPT}`,
  style: GITHUB_PANE_STYLE,
  simulate: createGithubPane,
};
