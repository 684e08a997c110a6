import { BatonError } from "@baton/core";
import { createSlackBot, SLACK_CLIENT_RETRY_CONFIG, type SlackBot, type SlackBotOptions } from "@baton/slack";
import { WebClient } from "@slack/web-api";
import type { Config } from "../config/load-config.js";

export const SLACK_REQUIRED_VARIABLES = ["SLACK_SIGNING_SECRET", "SLACK_BOT_TOKEN"] as const;

/**
 * Turns Slack on when its secrets are set. Asks Slack once who the bot is (`auth.test`), so that
 * no event ever waits for that call; a token Slack refuses stops Baton with a message that says so.
 */
export async function setupSlack({
  config,
  ...dependencies
}: { config: Config } & Omit<
  SlackBotOptions,
  "signingSecret" | "token" | "identity" | "apiUrl"
>): Promise<SlackBot | null> {
  const { logger } = dependencies;
  const missing = SLACK_REQUIRED_VARIABLES.filter((name) => !config[name]);
  if (missing.length > 0) {
    logger.info("server.slack.disabled", {
      missing,
      hint: `Slack is off. Set ${SLACK_REQUIRED_VARIABLES.join(" and ")} to turn it on (see the README's Slack section).`,
    });
    return null;
  }
  const token = config.SLACK_BOT_TOKEN!;
  const probe = new WebClient(token, {
    slackApiUrl: config.SLACK_API_URL,
    retryConfig: SLACK_CLIENT_RETRY_CONFIG,
  });
  let identity: { botUserId: string; botId: string };
  try {
    const auth = await probe.auth.test();
    if (!auth.user_id || !auth.bot_id)
      throw new Error("auth.test did not name a bot user: is SLACK_BOT_TOKEN a bot token (xoxb-)?");
    identity = { botUserId: auth.user_id, botId: auth.bot_id };
    logger.info("server.slack.enabled", { team_id: auth.team_id, bot_user_id: auth.user_id });
  } catch (error) {
    throw new BatonError(
      "config_invalid",
      `Slack refused SLACK_BOT_TOKEN (${(error as Error).message}). Reinstall the app to your workspace and copy its Bot User OAuth Token.`,
    );
  }
  return createSlackBot({
    ...dependencies,
    signingSecret: config.SLACK_SIGNING_SECRET!,
    token,
    identity,
    apiUrl: config.SLACK_API_URL,
  });
}
