import type { Logger, Replier, ReplyLedger, RequestIntake } from "@baton/core";
import { App, LogLevel } from "@slack/bolt";
import type { WebClient } from "@slack/web-api";
import { BoltDispatchReceiver } from "./inbound/bolt-dispatch-receiver.js";
import { createSlackEventsHandler, type SlackEventsHandler } from "./inbound/create-slack-events-handler.js";
import type { SlackIdentity } from "./inbound/parse-slack-event.js";
import { createSlackReplier } from "./replier/create-slack-replier.js";
import { toBoltLogger } from "./to-bolt-logger.js";

/** Slack's Web API retries: a few quick ones here; longer outages are the turn's retries' job. */
export const SLACK_CLIENT_RETRY_CONFIG = { retries: 3, factor: 2, minTimeout: 500, maxTimeout: 5_000 };

export interface SlackBotOptions {
  signingSecret: string;
  token: string;
  identity: SlackIdentity;
  /** `SLACK_API_URL`: an Enterprise Grid host, or the fake Slack of the tests. */
  apiUrl?: string;
  intake: RequestIntake;
  ledger: ReplyLedger;
  logger: Logger;
}

export interface SlackBot {
  /** `POST /slack/events`: events, interactivity, slash commands and options. */
  handleEvents: SlackEventsHandler;
  replier: Replier;
  client: WebClient;
  app: App;
}

/**
 * The Slack side of Baton: a Bolt App for interactivity and its Web API client, and a thin events
 * path in front of it (Bolt acknowledges Events API requests before its listeners run; Baton
 * answers only once the request is safely queued).
 */
export function createSlackBot(options: SlackBotOptions): SlackBot {
  const { signingSecret, token, identity, apiUrl, intake, ledger, logger } = options;
  const log = logger.child({ component: "bots.slack" });
  const receiver = new BoltDispatchReceiver();
  const app = new App({
    token,
    botId: identity.botId,
    botUserId: identity.botUserId,
    receiver,
    // Bolt's per-conversation store is a per-event cost Baton does not need: sessions live in Redis.
    convoStore: false,
    logger: toBoltLogger(log),
    logLevel: LogLevel.WARN,
    clientOptions: { slackApiUrl: apiUrl, retryConfig: SLACK_CLIENT_RETRY_CONFIG },
  });
  app.error(async (error) => {
    log.error("bots.slack.listener_failed", { error: error.message, code: error.code });
  });
  return {
    handleEvents: createSlackEventsHandler({ signingSecret, identity, intake, receiver, logger }),
    replier: createSlackReplier({ client: app.client, ledger, logger }),
    client: app.client,
    app,
  };
}
