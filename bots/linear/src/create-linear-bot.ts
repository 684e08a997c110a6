import {
  type Bot,
  type BotServices,
  createConversationControls,
  createMappingIndex,
  createPlatformPolicies,
  createTargetResolver,
  type HttpRoute,
  type ReplyClaim,
  replierFor,
  URGENT_REPLY,
} from "@baton/core";
import { checkApiKeyOrganization } from "./access/check-api-key-organization.js";
import { createInstallationCheck } from "./access/create-installation-check.js";
import { createLinearAccess } from "./access/create-linear-access.js";
import { createLinearBudgets } from "./budget/linear-budgets.js";
import { createLinearApi, type LinearApi } from "./client/create-linear-api.js";
import { createLinearClientSource, type LinearCredentials } from "./client/linear-client-source.js";
import type { LinearBackoffOptions } from "./client/with-linear-backoff.js";
import { createElicitationAnswerer } from "./inbound/answer-elicitation.js";
import { createLinearWebhookRoute } from "./inbound/create-linear-webhook-route.js";
import { createStopConfirmer } from "./inbound/create-stop-confirmer.js";
import { createMappingOfferAnswerer } from "./learning/answer-mapping-offer.js";
import { createLinearOfferTeller } from "./learning/create-linear-offer-teller.js";
import { createLinearOAuthHandlers } from "./oauth/create-linear-oauth-handlers.js";
import type { LinearOAuthClient } from "./oauth/linear-oauth-client.js";
import { LINEAR_OAUTH_CALLBACK_PATH, LINEAR_OAUTH_INSTALL_PATH } from "./oauth/linear-oauth-settings.js";
import type { LinearTokenStore } from "./oauth/linear-token-store.js";
import { linearAccessOf } from "./policy/linear-catalog.js";
import { linearPolicy } from "./policy/linear-policy.js";
import { createLinearReplier } from "./replier/create-linear-replier.js";
import { createFollowUpRoles } from "./steering/create-follow-up-roles.js";
import { createLinearSteeringRule } from "./steering/create-linear-steering-rule.js";

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
 * Who may use it: `access.linear` (installed organisations, teams, people); who may steer a
 * session: its creator and the issue's assignee (`createLinearSteeringRule`).
 */
export function createLinearBot(options: LinearBotOptions): Bot {
  const { auth, logger, ledger, catalog } = options;
  if (auth.kind === "api_key") checkApiKeyOrganization(auth.organizationId, catalog);
  const credentials: LinearCredentials =
    auth.kind === "api_key"
      ? { kind: "api_key", apiKey: auth.apiKey }
      : { kind: "oauth", oauth: auth.oauth, tokens: auth.tokens };
  const clients = createLinearClientSource({ credentials, apiUrl: options.apiUrl, logger });
  const budgets = options.replyBudget ? createLinearBudgets(options.replyBudget, credentials) : undefined;
  const apis = new Map<string, LinearApi>();
  // One API a workspace for urgent calls (most of them); a result's or a progress update's own.
  const apiFor = (organizationId: string, reply?: ReplyClaim) => {
    if (reply && reply !== URGENT_REPLY)
      return createLinearApi({ clients, organizationId, backoff: options.backoff, budgets, reply });
    let api = apis.get(organizationId);
    if (!api) {
      api = createLinearApi({ clients, organizationId, backoff: options.backoff, budgets });
      apis.set(organizationId, api);
    }
    return api;
  };
  const steering = createLinearSteeringRule();
  const controls = createConversationControls({ ...options, steering });

  const routes: HttpRoute[] = [
    createLinearWebhookRoute({
      webhookSecret: options.webhookSecret,
      intake: options.intake,
      controls,
      answerElicitation: createElicitationAnswerer({ ledger, catalog, picker: controls }),
      ...(options.learnedRouting
        ? {
            answerMappingOffer: createMappingOfferAnswerer({
              ledger,
              store: options.learnedRouting,
              catalog,
              catalogSource: options.catalogSource,
              tell: createLinearOfferTeller({ ledger, apiFor }),
            }),
          }
        : {}),
      confirmStop: createStopConfirmer({ ledger, apiFor }),
      claimDelivery: options.claimDelivery,
      followUpRole: createFollowUpRoles({ apiFor, logger }),
      access: createLinearAccess({
        catalog,
        isInstalled: createInstallationCheck(auth),
        claimDelivery: options.claimDelivery,
        logger,
        tell: ({ organizationId, agentSessionId, text }) =>
          apiFor(organizationId).createActivity({ agentSessionId, content: { type: "error", body: text } }),
      }),
      logger,
    }),
  ];
  if (auth.kind === "oauth") {
    const handlers = createLinearOAuthHandlers({
      ...auth,
      allowedOrganizations: linearAccessOf(catalog).organizations,
      apiUrl: options.apiUrl,
      logger,
    });
    routes.push(
      { method: "GET", path: LINEAR_OAUTH_INSTALL_PATH, handle: handlers.install },
      { method: "GET", path: LINEAR_OAUTH_CALLBACK_PATH, handle: handlers.callback },
    );
  }
  return {
    platform: "linear",
    routes,
    replier: replierFor(
      "linear",
      createLinearReplier({
        apiFor,
        ledger,
        mappings: createMappingIndex(
          catalog,
          createTargetResolver(catalog),
          createPlatformPolicies([linearPolicy]),
        ),
        logger,
        progress: options.progress,
        progressMinIntervalMs: options.progressMinIntervalMs,
        startIssues: options.startIssues,
        beat: options.beat,
        budgets,
      }),
    ),
    steering: steering.guard,
  };
}
