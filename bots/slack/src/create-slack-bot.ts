import { type Bot, type BotServices, createConversationControls, type Logger, replierFor } from "@baton/core";
import { App, LogLevel } from "@slack/bolt";
import type { WebClient } from "@slack/web-api";
import { createSlackAccess } from "./access/create-slack-access.js";
import { createSlackPeople, type SlackPeople } from "./access/create-slack-people.js";
import { checkSlackRequest, createSlackSessionCheck } from "./access/create-slack-session-check.js";
import { createSlackBudgets, type SlackBudgets } from "./budget/slack-budgets.js";
import { createSlackContextProvider } from "./context/create-slack-context-provider.js";
import { createSlackControls } from "./controls/create-slack-controls.js";
import { createSlackSteeringRule } from "./controls/create-slack-steering-guard.js";
import { type BoltAck, BoltDispatchReceiver } from "./inbound/bolt-dispatch-receiver.js";
import { createSlackEventsRoute } from "./inbound/create-slack-events-route.js";
import type { SlackIdentity } from "./inbound/parse-slack-event.js";
import { registerMappingOfferActions } from "./inbound/register-mapping-offer-actions.js";
import { registerSlackInteractions } from "./inbound/register-slack-interactions.js";
import { createSlackEventRouter, type SlackEventRouter } from "./inbound/route-slack-event.js";
import { createSlackReplier } from "./replier/create-slack-replier.js";
import { slackClientOptions } from "./slack-client-options.js";
import { startSocketMode } from "./socket-mode/start-socket-mode.js";
import { toBoltLogger } from "./to-bolt-logger.js";

export type SlackBotOptions = Omit<BotServices, "redis" | "keys"> & {
  signingSecret: string;
  token: string;
  identity: SlackIdentity;
  /** `SLACK_API_URL`: an Enterprise Grid host, or the fake Slack of the tests. */
  apiUrl?: string;
  /** `SLACK_APP_TOKEN`: when set, `start()` also receives events over Socket Mode. */
  appToken?: string;
};

export interface SlackBot extends Bot {
  platform: "slack";
  /** One Events API envelope, from HTTP or Socket Mode. */
  routeEvent: SlackEventRouter;
  /** One interaction, slash command or options request, from HTTP or Socket Mode. */
  dispatchInteraction(payload: Record<string, unknown>): Promise<BoltAck>;
  client: WebClient;
  app: App;
}

/**
 * The Slack side of Baton: a Bolt App for interactivity and its Web API client, behind a thin
 * events path (Bolt acknowledges Events API requests before its listeners run; Baton answers
 * only once the request is safely queued).
 */
export function createSlackBot(options: SlackBotOptions): SlackBot {
  const { signingSecret, token, identity, apiUrl, catalog, intake, ledger, logger } = options;
  const log = logger.child({ component: "bots.slack" });
  const receiver = new BoltDispatchReceiver();
  // One workspace per token: its budgets are the workspace's, shared with every other worker.
  const budgets = options.replyBudget
    ? createSlackBudgets({ replyBudget: options.replyBudget, teamId: identity.teamId ?? "workspace" })
    : undefined;
  const app = createBoltApp({ token, identity, apiUrl, receiver, log, budgets });
  app.error(async (error) => {
    log.error("bots.slack.listener_failed", { error: error.message, code: error.code });
  });
  const steering = createSlackSteeringRule(catalog);
  const people = createSlackPeople({ client: app.client });
  const access = createSlackAccess({
    catalog,
    client: app.client,
    people,
    claimDelivery: options.claimDelivery,
    logger,
  });
  const sessionCheck = createSlackSessionCheck({ catalog, client: app.client, people });
  if (options.learnedRouting) {
    const store = options.learnedRouting;
    registerMappingOfferActions({
      app,
      catalog,
      catalogSource: options.catalogSource,
      store,
      mayStartSessions: sessionCheck,
      home: identity,
      logger,
    });
  }
  const controls = createSlackControls({
    client: app.client,
    controls: createConversationControls({ ...options, steering }),
    catalog,
    ledger,
    logger,
  });
  registerSlackInteractions({
    app,
    catalog,
    intake,
    controls,
    claimDelivery: options.claimDelivery,
    access,
    steering,
    identity,
    logger,
  });
  const routeEvent = createSlackEventRouter({
    identity,
    intake,
    controls,
    conversationContext: options.conversationContext,
    claimDelivery: options.claimDelivery,
    access,
    steering,
    logger,
  });
  const events = createSlackEventsRoute({ signingSecret, routeEvent, receiver, logger });
  const dispatchInteraction = (payload: Record<string, unknown>) => receiver.dispatch(payload);
  let stopSocketMode: (() => Promise<void>) | undefined;
  return {
    platform: "slack",
    routes: [events],
    replier: replierFor("slack", createBotReplier(options, { client: app.client, people, budgets })),
    steering: steering.guard,
    mayStartSessions: checkSlackRequest(sessionCheck),
    requestContext: createSlackContextProvider({ client: app.client, logger }),
    start() {
      if (!options.appToken || stopSocketMode) return;
      stopSocketMode = startSocketMode({
        appToken: options.appToken,
        apiUrl,
        routeEvent,
        dispatchInteraction,
        logger,
      });
    },
    async close() {
      await stopSocketMode?.();
    },
    routeEvent,
    dispatchInteraction,
    client: app.client,
    app,
  };
}

/** The bot's replier: a shorter progress interval (the tests') holds for the status line too. */
function createBotReplier(
  options: SlackBotOptions,
  parts: { client: WebClient; people: SlackPeople; budgets: SlackBudgets | undefined },
) {
  return createSlackReplier({ ...options, ...parts, statusMinIntervalMs: options.progressMinIntervalMs });
}

/** Bolt without its per-event costs, its Web API calls through Baton's fetch (and budgets). */
function createBoltApp({
  token,
  identity,
  apiUrl,
  receiver,
  log,
  budgets,
}: {
  token: string;
  identity: SlackIdentity;
  apiUrl: string | undefined;
  receiver: BoltDispatchReceiver;
  log: Logger;
  budgets: SlackBudgets | undefined;
}): App {
  return new App({
    token,
    botId: identity.botId,
    botUserId: identity.botUserId,
    receiver,
    // Bolt's per-conversation store is a per-event cost Baton does not need: sessions live in Redis.
    convoStore: false,
    logger: toBoltLogger(log),
    logLevel: LogLevel.WARN,
    clientOptions: slackClientOptions({ apiUrl, budgets }),
  });
}
