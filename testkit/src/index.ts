// Slack Web API fake

// Git repositories for tests
export {
  createTestGitRepository,
  type RepositoryChange,
  type TestGitRepository,
} from "./git/create-test-git-repository.js";
export type { FakeGitRepositories } from "./github/fake-git-repositories.js";
export type { FakeGithub, FakeGithubCall, FakeGithubFailure, FakeGitRequest } from "./github/fake-github.js";
// GitHub REST fake, App identity and webhooks
export type {
  FakeGithubComment,
  FakeGithubIssue,
  FakeGithubReaction,
  FakeGithubRepository,
  ReactionSubject,
  RepositoryPermission,
} from "./github/fake-github-store.js";
export { buildInstallationRepositoriesEvent } from "./github/github-installation-webhooks.js";
export {
  createFakeGithubRateLimits,
  type FakeGithubRateLimitOptions,
  type FakeGithubRateLimits,
  GITHUB_CONTENT_PER_HOUR,
  GITHUB_CONTENT_PER_MINUTE,
  GITHUB_PRIMARY_LIMIT,
} from "./github/github-rate-limits.js";
export { DEFAULT_GITHUB_TEST_APP_ID, type GithubTestApp, githubTestApp } from "./github/github-test-app.js";
export {
  buildInstallationEvent,
  buildIssueCommentEvent,
  buildIssuesEvent,
  buildPullRequestEvent,
  buildReviewCommentEvent,
  buildReviewEvent,
  type GithubEventBase,
  type GithubSender,
  type GithubWebhook,
  type IssueCommentInput,
  type IssueEventInput,
  type PullRequestEventInput,
  type PullRequestShape,
  type ReviewCommentInput,
  type ReviewInput,
} from "./github/github-webhook-builders.js";
export { webhookExample } from "./github/github-webhook-examples.js";
export {
  type GithubPostResult,
  type PostGithubWebhookOptions,
  postGithubWebhook,
} from "./github/post-github-webhook.js";
export { type GithubWebhookHeaders, signGithubWebhook } from "./github/sign-github-webhook.js";
export { DEFAULT_GITHUB_WAIT_TIMEOUT_MS, startFakeGithub } from "./github/start-fake-github.js";
// Rate limits of the fake platforms
export {
  createManualClock,
  createSpedUpClock,
  type FakeClock,
  type ManualClock,
} from "./limits/fake-clock.js";
export {
  createFakeRateLimiter,
  type FakeRateDecision,
  type FakeRateLimit,
  type FakeRateLimiter,
} from "./limits/fake-rate-limits.js";
// Linear GraphQL API and webhooks fake
export type { FakeLinearOAuth } from "./linear/fake-linear-oauth.js";
export {
  createFakeLinearStore,
  type FakeAgentActivity,
  type FakeAgentSession,
  type FakeLinearIssue,
  type FakeLinearStore,
  type FakeLinearTeam,
  type FakeLinearUser,
  type SeedIssueInput,
} from "./linear/fake-linear-store.js";
export {
  createFakeLinearRateLimits,
  type FakeLinearRateLimitOptions,
  type FakeLinearRateLimits,
  LINEAR_API_KEY_LIMIT,
  LINEAR_OAUTH_LIMIT,
} from "./linear/linear-rate-limits.js";
export { type AgentSessionEventInput, buildAgentSessionEvent } from "./linear/linear-webhook-builders.js";
export {
  type LinearWebhookHeaders,
  type PostLinearWebhookResult,
  postLinearWebhook,
  signLinearWebhook,
} from "./linear/sign-linear-webhook.js";
export {
  FAKE_LINEAR_API_KEY,
  type FakeLinear,
  type FakeLinearFailure,
  type FakeLinearOperation,
  type FakeLinearOptions,
  startFakeLinear,
} from "./linear/start-fake-linear.js";
// Logging
export {
  createRecordingLogger,
  type LogLine,
  type RecordedFields,
  type RecordingLogger,
} from "./logging/create-recording-logger.js";
// Networking
export { type GetFreePortOptions, getFreePort } from "./net/free-port.js";
export {
  createRandomFaults,
  createSeededRandom,
  type RandomFault,
  type RandomFaults,
  type RandomFaultsOptions,
} from "./net/random-faults.js";
// OpenAI-compatible chat completions fake
export {
  buildChatCompletion,
  buildOpenAIError,
  estimateTokens,
  type WireToolCall,
} from "./openai/build-chat-completion.js";
export type {
  ChatCompletionRequestBody,
  FakeOpenAIReply,
  FakeOpenAIRequest,
  FakeOpenAIScript,
  FakeToolCall,
} from "./openai/fake-openai-reply.js";
export {
  FAKE_OPENAI_DEFAULT_MODELS,
  type FakeOpenAI,
  type FakeOpenAIOptions,
  startFakeOpenAI,
} from "./openai/start-fake-openai.js";
// Open-Inspect control plane fake
export { FAKE_PROMPT_QUEUE_LIMIT } from "./openinspect/create-fake-control-plane-state.js";
export {
  FAKE_CONTROL_PLANE_DEFAULT_MODEL,
  FAKE_CONTROL_PLANE_MODELS,
} from "./openinspect/create-fake-session.js";
export { defaultAgentScript } from "./openinspect/default-agent-script.js";
export type {
  FakeAgentScript,
  FakeAgentStep,
  FakeControlPlaneCall,
  FakeControlPlaneFailure,
  FakeControlPlaneRoute,
  FakeRemoteArtifact,
  FakeRemoteEvent,
  FakeRemoteMessage,
  FakeRemoteSession,
} from "./openinspect/fake-control-plane-types.js";
export {
  FAKE_CONTROL_PLANE_SECRETS,
  type FakeControlPlane,
  type FakeControlPlaneOptions,
  startFakeControlPlane,
} from "./openinspect/start-fake-control-plane.js";
export { type RedisClusterOnLoopback, startRedisCluster } from "./redis/start-redis-cluster.js";
export {
  answersPing,
  type RedisServer,
  type RedisServerOptions,
  RedisServerStartError,
  startRedisServer,
} from "./redis/start-redis-server.js";
// Responses API fake that scripts a model (for the codex CLI)
export type {
  FakeModelAction,
  FakeModelRequest,
  FakeModelScript,
  FakeToolOutput,
  ResponsesInputItem,
  ResponsesRequestBody,
} from "./responses/fake-model-step.js";
export {
  type FakeResponses,
  type FakeResponsesOptions,
  startFakeResponses,
} from "./responses/start-fake-responses.js";
export {
  DEFAULT_WAIT_FOR_CALL_TIMEOUT_MS,
  type FakeSlackCall,
  type FakeSlackOutcome,
  type WaitForCallOptions,
} from "./slack/call-recorder.js";
export type { FakeSlackFailure } from "./slack/failure-script.js";
export { FAKE_SLACK_DEFAULTS, type FakeSlackIdentity } from "./slack/fake-slack-defaults.js";
export type { SeedChannelInput, SeedUserGroupInput, SeedUserInput } from "./slack/fake-slack-directory.js";
export type { FakeSlackMessage } from "./slack/fake-slack-store.js";
export { JSON_ENCODED_FORM_FIELDS, parseSlackApiBody } from "./slack/parse-slack-api-body.js";
export { postSignedSlackRequest, type SlackPostResult } from "./slack/post-signed-slack-request.js";
export { type PostSlackEventOptions, postSlackEvent } from "./slack/post-slack-event.js";
export { type PostSlackInteractionOptions, postSlackInteraction } from "./slack/post-slack-interaction.js";
export type { SeedMessageInput } from "./slack/seed-message.js";
// Inbound Slack requests: signing, payload builders, delivery
export {
  type SignSlackRequestOptions,
  type SlackSignatureHeaders,
  signSlackRequest,
} from "./slack/sign-slack-request.js";
export {
  type AppMentionEvent,
  type AppMentionEventInput,
  buildAppMentionEvent,
  buildMessageEvent,
  buildUrlVerification,
  type MessageEvent,
  type MessageEventInput,
  type SlackChannelType,
} from "./slack/slack-event-builders.js";
export {
  buildEventEnvelope,
  type EventEnvelopeOptions,
  newMessageTs,
  type SlackAuthorization,
  type SlackEventEnvelope,
} from "./slack/slack-event-envelope.js";
export {
  createFakeSlackRateLimits,
  type FakeSlackRateLimitOptions,
  type FakeSlackRateLimits,
  SLACK_METHOD_TIERS,
  SLACK_POST_MESSAGE_PER_CHANNEL,
  SLACK_SET_STATUS_PER_CHANNEL,
  SLACK_TIER_PER_MINUTE,
  type SlackTier,
} from "./slack/slack-rate-limits.js";
export {
  DEFAULT_SOCKET_MODE_TIMEOUT_MS,
  type FakeSocketMode,
  type SocketModeWaitOptions,
} from "./slack/socket-mode/create-fake-socket-mode.js";
export {
  buildSocketModeEnvelope,
  type SocketModeAck,
  type SocketModeEnvelope,
  type SocketModeEnvelopeInput,
  type SocketModeEnvelopeType,
} from "./slack/socket-mode/socket-mode-envelope.js";
export { type FakeSlack, type FakeSlackOptions, startFakeSlack } from "./slack/start-fake-slack.js";
