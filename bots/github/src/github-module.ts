import { BatonError, type BotModule, errorMessage } from "@baton/core";
import { githubClassifySample } from "./cli/github-classify-sample.js";
import { githubCommand } from "./cli/github-command.js";
import { githubDoctorCheck } from "./doctor/github-doctor-check.js";
import { GITHUB_REQUIRED_VARIABLES, type GithubEnv, githubEnvironment } from "./github-environment.js";
import { githubCatalogOf } from "./policy/github-catalog.js";
import { githubPolicy } from "./policy/github-policy.js";
import { createGithubPullRequests } from "./pull-requests/create-github-pull-requests.js";
import { githubRoutingPlace } from "./routing/github-routing-place.js";

export { GITHUB_CONTEXT_KEYS } from "./policy/github-context.js";
export { GITHUB_REQUIRED_VARIABLES, type GithubEnv, githubEnvironment };

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
    routingPlace: githubRoutingPlace,
    title: "GitHub",
    guide: { path: "docs/github.md", about: "setting up GitHub" },
    environment: githubEnvironment,
    secrets: ["GITHUB_PRIVATE_KEY", "GITHUB_WEBHOOK_SECRET"],
    variables: GITHUB_REQUIRED_VARIABLES,
    disabledHint: "GitHub is off. Set the missing variables to turn it on (see docs/github.md).",
    doctor: githubDoctorCheck,
    // The App's installations' repositories fill the catalog (catalog/create-github-catalog-discovery.ts).
    discoversCatalog: true,
    catalogCounts: (catalog) => [
      {
        count: Object.keys(githubCatalogOf(catalog).repositories).length,
        one: "GitHub repository default",
        many: "GitHub repository defaults",
      },
    ],
    // Loaded only when the playground runs: the pane brings testkit's fake GitHub.
    playground: async () => (await import("./playground/github-pane.js")).githubPane,
    repositoryHost: (config) => ({
      gitHost: gitHostOf(config.GITHUB_API_URL),
      authorEmail: "baton@users.noreply.github.com",
      pullRequests: createGithubPullRequests(config.GITHUB_API_URL ? { apiUrl: config.GITHUB_API_URL } : {}),
    }),
    command: githubCommand,
    classifySample: githubClassifySample,
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

/** github.com, or the GitHub Enterprise Server host whose API GITHUB_API_URL names. */
export function gitHostOf(apiUrl: string | undefined): string {
  if (!apiUrl) return "https://github.com";
  const url = new URL(apiUrl);
  return url.hostname === "api.github.com" ? "https://github.com" : url.origin;
}
