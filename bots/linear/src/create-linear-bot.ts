import {
  type Bot,
  type BotServices,
  type ConversationRef,
  createConversationControls,
  createMappingIndex,
  createSteeringRule,
  createTargetResolver,
  type HttpRoute,
} from "@baton/core";
import { createLinearApi, type LinearApi } from "./client/create-linear-api.js";
import { createLinearClientSource, type LinearCredentials } from "./client/linear-client-source.js";
import type { LinearBackoffOptions } from "./client/with-linear-backoff.js";
import { createElicitationAnswerer } from "./inbound/answer-elicitation.js";
import {
  createLinearWebhookHandler,
  type LinearStopOutcome,
} from "./inbound/create-linear-webhook-handler.js";
import { createLinearOAuthHandlers } from "./oauth/create-linear-oauth-handlers.js";
import type { LinearOAuthClient } from "./oauth/linear-oauth-client.js";
import {
  LINEAR_OAUTH_CALLBACK_PATH,
  LINEAR_OAUTH_INSTALL_PATH,
  LINEAR_WEBHOOK_PATH,
} from "./oauth/linear-oauth-settings.js";
import type { LinearTokenStore } from "./oauth/linear-token-store.js";
import { createLinearReplier } from "./replier/create-linear-replier.js";

export interface LinearBotOptions extends BotServices {
  /** `LINEAR_WEBHOOK_SECRET`: the signing secret of the OAuth app's (or the workspace's) webhook. */
  webhookSecret: string;
  /** `LINEAR_API_URL`: Linear's GraphQL endpoint by default. */
  apiUrl?: string;
  /** A single `LINEAR_API_KEY`, or the OAuth app (per-workspace tokens, install routes). */
  auth:
    | { kind: "api_key"; apiKey: string; organizationId: string }
    | {
        kind: "oauth";
        clientId: string;
        clientSecret: string;
        redirectUri: string;
        oauth: LinearOAuthClient;
        tokens: LinearTokenStore;
      };
  /** Post tool steps as `action` activities (`LINEAR_PROGRESS`, on by default). */
  progress?: boolean;
  /** Move issues to started and delegate them to Baton (`LINEAR_START_ISSUES`, on by default). */
  startIssues?: boolean;
  backoff?: LinearBackoffOptions;
}

/**
 * The Linear agent: `AgentSessionEvent` webhooks in (`POST /linear/webhooks`), agent activities out,
 * and with OAuth the app's installation (`GET /linear/oauth/install`, `GET /linear/oauth/callback`).
 * Linear decides who may talk to an agent session (members of the workspace that installed Baton),
 * so anyone who can prompt a session may steer it.
 */
export function createLinearBot(options: LinearBotOptions): Bot {
  const { auth, logger, ledger, catalog } = options;
  const credentials: LinearCredentials =
    auth.kind === "api_key"
      ? { kind: "api_key", apiKey: auth.apiKey }
      : { kind: "oauth", oauth: auth.oauth, tokens: auth.tokens };
  const clients = createLinearClientSource({ credentials, apiUrl: options.apiUrl, logger });
  const apis = new Map<string, LinearApi>();
  const apiFor = (organizationId: string) => {
    let api = apis.get(organizationId);
    if (!api) {
      api = createLinearApi({ clients, organizationId, backoff: options.backoff });
      apis.set(organizationId, api);
    }
    return api;
  };
  const steering = createSteeringRule({
    platform: "linear",
    placeOf: (conversation) => (conversation.platform === "linear" ? conversation.organizationId : ""),
    policyOf: () => "channel",
    refusal: () => "You may not steer this session.",
  });
  const controls = createConversationControls({ ...options, steering });
  // A running turn answers a stop with its own "stopped" response; one that had just finished (or
  // nothing running at all) would leave Linear waiting, so Baton says it here.
  const confirmStop = async (conversation: ConversationRef, outcome: LinearStopOutcome) => {
    if (conversation.platform !== "linear") return;
    const running = outcome.result?.stoppedTurnId;
    if (outcome.kind === "stopped_running" && running && !(await ledger.isTurnFinished(running))) return;
    await apiFor(conversation.organizationId).createActivity({
      agentSessionId: conversation.agentSessionId,
      content: { type: "response", body: "Stopped. Nothing was running any more." },
    });
  };

  const routes: HttpRoute[] = [
    {
      method: "POST",
      path: LINEAR_WEBHOOK_PATH,
      handle: createLinearWebhookHandler({
        webhookSecret: options.webhookSecret,
        intake: options.intake,
        controls,
        answerElicitation: createElicitationAnswerer({ ledger, catalog, picker: controls }),
        confirmStop,
        organizationId: auth.kind === "api_key" ? auth.organizationId : undefined,
        logger,
      }),
    },
  ];
  if (auth.kind === "oauth") {
    const handlers = createLinearOAuthHandlers({ ...auth, apiUrl: options.apiUrl, logger });
    routes.push(
      { method: "GET", path: LINEAR_OAUTH_INSTALL_PATH, handle: handlers.install },
      { method: "GET", path: LINEAR_OAUTH_CALLBACK_PATH, handle: handlers.callback },
    );
  }
  return {
    platform: "linear",
    routes,
    replier: createLinearReplier({
      apiFor,
      ledger,
      mappings: createMappingIndex(catalog, createTargetResolver(catalog)),
      logger,
      progress: options.progress,
      progressMinIntervalMs: options.progressMinIntervalMs,
      startIssues: options.startIssues,
    }),
    steering: steering.guard,
  };
}
