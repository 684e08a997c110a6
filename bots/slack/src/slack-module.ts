import {
  BatonError,
  type BotModule,
  type EnvironmentOf,
  environmentFields,
  errorMessage,
  type Logger,
} from "@baton/core";
import { LogLevel, WebClient } from "@slack/web-api";
import { slackClassifySample } from "./cli/slack-classify-sample.js";
import { slackCommand } from "./cli/slack-command.js";
import { createSlackBot } from "./create-slack-bot.js";
import { slackDoctorCheck } from "./doctor/slack-doctor-check.js";
import type { SlackIdentity } from "./inbound/parse-slack-event.js";
import { slackCatalogOf } from "./policy/slack-catalog.js";
import { slackPolicy } from "./policy/slack-policy.js";
import { slackRoutingPlace } from "./routing/slack-routing-place.js";
import { SLACK_CLIENT_RETRY_CONFIG } from "./slack-client-options.js";
import { toBoltLogger } from "./to-bolt-logger.js";

export { SLACK_CONTEXT_KEYS } from "./policy/slack-context.js";

/** Slack's slice of the environment: the app's secrets, Socket Mode's token, the API's host. */
export const slackEnvironment = {
  SLACK_SIGNING_SECRET: environmentFields.optionalSecret(),
  SLACK_BOT_TOKEN: environmentFields.optionalSecret(),
  SLACK_APP_TOKEN: environmentFields.optionalSecret(),
  SLACK_API_URL: environmentFields.optionalUrl(),
};
export type SlackEnv = EnvironmentOf<typeof slackEnvironment>;

export const SLACK_REQUIRED_VARIABLES = ["SLACK_SIGNING_SECRET", "SLACK_BOT_TOKEN"] as const;

/**
 * Slack, turned on by its secrets (`SLACK_APP_TOKEN` adds Socket Mode). Asks Slack once who the
 * bot is (`auth.test`), so that no event ever waits for that call; a token Slack refuses stops
 * Baton with a message that says so, and so does a Slack that cannot be reached, with another.
 */
export const slackBotModule: BotModule<SlackEnv> = {
  platform: "slack",
  policy: slackPolicy,
  title: "Slack",
  guide: { path: "docs/slack.md", about: "setting up Slack" },
  environment: slackEnvironment,
  secrets: ["SLACK_SIGNING_SECRET", "SLACK_BOT_TOKEN", "SLACK_APP_TOKEN"],
  variables: SLACK_REQUIRED_VARIABLES,
  routingPlace: slackRoutingPlace,
  disabledHint: `Slack is off. Set ${SLACK_REQUIRED_VARIABLES.join(" and ")} to turn it on (see docs/slack.md).`,
  doctor: slackDoctorCheck,
  catalogCounts: (catalog) => [
    {
      count: Object.keys(slackCatalogOf(catalog).channels).length,
      one: "Slack channel",
      many: "Slack channels",
    },
  ],
  // Loaded only when the playground runs: the pane brings testkit's fake Slack.
  playground: async () => (await import("./playground/slack-pane.js")).slackPane,
  command: slackCommand,
  classifySample: slackClassifySample,
  async setup(config, services) {
    const token = config.SLACK_BOT_TOKEN!;
    const identity = await identifySlackBot(token, config.SLACK_API_URL, services.logger);
    return createSlackBot({
      ...services,
      signingSecret: config.SLACK_SIGNING_SECRET!,
      token,
      identity,
      apiUrl: config.SLACK_API_URL,
      appToken: config.SLACK_APP_TOKEN,
    });
  },
};

async function identifySlackBot(
  token: string,
  apiUrl: string | undefined,
  logger: Logger,
): Promise<SlackIdentity> {
  const probe = new WebClient(token, {
    slackApiUrl: apiUrl,
    retryConfig: SLACK_CLIENT_RETRY_CONFIG,
    // Its retries are logged as Baton's own lines, not printed on stderr.
    logger: toBoltLogger(logger.child({ component: "server.slack" })),
    logLevel: LogLevel.WARN,
  });
  try {
    const auth = await probe.auth.test();
    if (!auth.user_id || !auth.bot_id)
      throw new Error("auth.test did not name a bot user: is SLACK_BOT_TOKEN a bot token (xoxb-)?");
    logger.info("server.slack.enabled", { team_id: auth.team_id, bot_user_id: auth.user_id });
    return {
      botUserId: auth.user_id,
      botId: auth.bot_id,
      teamId: auth.team_id,
      enterpriseId: auth.enterprise_id,
    };
  } catch (error) {
    // Slack answered and said no (`invalid_auth`, `account_inactive`, …): the token is the problem.
    const refusal = (error as { data?: { error?: unknown } }).data?.error;
    if (typeof refusal === "string" || !(error as { code?: unknown }).code)
      throw new BatonError(
        "config_invalid",
        `Slack refused SLACK_BOT_TOKEN (${errorMessage(error)}). Reinstall the app to your workspace and copy its Bot User OAuth Token.`,
      );
    // No answer after WebClient's own retries (a network error, 5xx, rate limits): the token may be fine.
    throw new BatonError(
      "platform_failed",
      `Baton could not reach Slack to check SLACK_BOT_TOKEN (${errorMessage(error)}). Baton asks Slack once at startup who its bot is: check the network from this machine to Slack, and SLACK_API_URL when it is set, then start Baton again.`,
    );
  }
}
