import { BatonError, type BotModule, type EnvironmentOf, environmentFields, errorMessage } from "@baton/core";
import { githubPolicy } from "./policy/github-policy.js";

export { GITHUB_CONTEXT_KEYS } from "./policy/github-context.js";

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

export interface GithubBotModuleOptions {
  /** GitHub's pacing of content writes and the unit of `retry-after`; tests shorten both. */
  writeMinIntervalMs?: number;
  retryAfterUnitMs?: number;
}

/**
 * GitHub, turned on by its App's id, private key and webhook secret (`GITHUB_API_URL` for GitHub
 * Enterprise Server). Nothing is asked of GitHub at startup: the App authenticates per
 * installation, in the worker, when a turn needs it.
 */
export function createGithubBotModule(options: GithubBotModuleOptions = {}): BotModule<GithubEnv> {
  return {
    platform: "github",
    policy: githubPolicy,
    environment: githubEnvironment,
    secrets: ["GITHUB_PRIVATE_KEY", "GITHUB_WEBHOOK_SECRET"],
    variables: GITHUB_REQUIRED_VARIABLES,
    disabledHint: "GitHub is off. Set the missing variables to turn it on (see docs/github.md).",
    async setup(config, services) {
      // Probot and Octokit load only when GitHub is on: a Baton without it starts as fast as before.
      const { createGithubBot, GITHUB_DEFAULT_API_URL } = await import("./create-github-bot.js");
      try {
        const bot = await createGithubBot({
          ...services,
          ...options,
          appId: config.GITHUB_APP_ID!,
          privateKey: config.GITHUB_PRIVATE_KEY!,
          webhookSecret: config.GITHUB_WEBHOOK_SECRET!,
          apiUrl: config.GITHUB_API_URL ?? GITHUB_DEFAULT_API_URL,
        });
        services.logger.info("server.github.enabled", {
          app_id: config.GITHUB_APP_ID,
          api_url: config.GITHUB_API_URL ?? GITHUB_DEFAULT_API_URL,
        });
        return bot;
      } catch (error) {
        throw new BatonError(
          "config_invalid",
          `GitHub could not be set up (${errorMessage(error)}). Check GITHUB_APP_ID and GITHUB_PRIVATE_KEY (the App's PEM key; \\n-escaped is fine).`,
        );
      }
    },
  };
}

export const githubBotModule = createGithubBotModule();
