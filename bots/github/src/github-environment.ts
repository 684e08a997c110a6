import { type EnvironmentOf, environmentFields } from "@baton/core";

/** GitHub's slice of the environment: the App's id, key and webhook secret; its API for GHES. */
export const githubEnvironment = {
  GITHUB_APP_ID: environmentFields.optionalSecret(),
  GITHUB_PRIVATE_KEY: environmentFields.optionalSecret(),
  GITHUB_WEBHOOK_SECRET: environmentFields.optionalSecret(),
  GITHUB_API_URL: environmentFields.optionalUrl(),
};

export type GithubEnv = EnvironmentOf<typeof githubEnvironment>;

export const GITHUB_REQUIRED_VARIABLES = [
  "GITHUB_APP_ID",
  "GITHUB_PRIVATE_KEY",
  "GITHUB_WEBHOOK_SECRET",
] as const;

/** The required variables as a sentence names them: "GITHUB_APP_ID, GITHUB_PRIVATE_KEY and GITHUB_WEBHOOK_SECRET". */
export const GITHUB_REQUIRED_VARIABLES_TEXT = `${GITHUB_REQUIRED_VARIABLES.slice(0, -1).join(", ")} and ${GITHUB_REQUIRED_VARIABLES.at(-1)}`;
