export { checkLinearCredentials, type LinearCredentialsCheck } from "./check-linear-credentials.js";
export { linearCommand, runLinearCommand } from "./cli/linear-command.js";
export {
  type AgentActivityInput,
  createLinearApi,
  type LinearApi,
  type LinearIssueContext,
  type LinearViewer,
} from "./client/create-linear-api.js";
export {
  createLinearClientSource,
  LINEAR_TOKEN_REFRESH_MARGIN_MS,
  type LinearClientSource,
  type LinearCredentials,
} from "./client/linear-client-source.js";
export {
  isLinearRateLimit,
  LINEAR_RATE_LIMIT_RETRIES,
  withLinearBackoff,
} from "./client/with-linear-backoff.js";
export { createLinearBot, type LinearBotOptions } from "./create-linear-bot.js";
export { linearDoctorCheck } from "./doctor/linear-doctor-check.js";
export { type AgentSessionEvent, agentSessionEventSchema } from "./inbound/agent-session-event-schema.js";
export { createElicitationAnswerer, type ElicitationPicker } from "./inbound/answer-elicitation.js";
export {
  createLinearWebhookRoute,
  type LinearWebhookRouteOptions,
} from "./inbound/create-linear-webhook-route.js";
export { type AgentSessionEventParse, parseAgentSessionEvent } from "./inbound/parse-agent-session-event.js";
export { createLinearWebhookVerifier } from "./inbound/verify-linear-webhook.js";
export { createLinearOAuthHandlers } from "./oauth/create-linear-oauth-handlers.js";
export {
  createLinearOAuthClient,
  type LinearOAuthClient,
  type LinearTokenGrant,
} from "./oauth/linear-oauth-client.js";
export {
  LINEAR_AUTHORIZE_URL,
  LINEAR_DEFAULT_API_URL,
  LINEAR_OAUTH_CALLBACK_PATH,
  LINEAR_OAUTH_INSTALL_PATH,
  LINEAR_OAUTH_SCOPES,
  LINEAR_WEBHOOK_EVENTS,
  LINEAR_WEBHOOK_PATH,
  type LinearAppSettings,
  linearAppSettings,
  linearInstallUrl,
  linearTokenUrl,
} from "./oauth/linear-oauth-settings.js";
export {
  createLinearTokenStore,
  type LinearInstallation,
  type LinearTokenStore,
} from "./oauth/linear-token-store.js";
export { prepareLinearRequest } from "./prepare-linear-request.js";
export { activityId } from "./replier/activity-id.js";
export { createLinearReplier, LINEAR_PROGRESS_MIN_INTERVAL_MS } from "./replier/create-linear-replier.js";
