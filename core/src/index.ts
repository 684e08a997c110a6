export type { AccessRule } from "./access/access-rule.js";
export { type AllowedTargets, allowsTarget, createAllowedTargets } from "./access/allowed-targets.js";
export {
  type AccessCheck,
  type AccessFacts,
  type AccessRefusal,
  checkAccess,
} from "./access/check-access.js";
export { type AccessGate, createAccessGate, type RefusedRequest } from "./access/create-access-gate.js";
// Platform rate limits as budgets shared by every worker
export * from "./budget/index.js";
export * from "./catalog-source/index.js";
export * from "./classifier/index.js";
export { type ParseCliArgsResult, parseCliArgs } from "./cli/parse-cli-args.js";
export { type PrintUsageOptions, printUsage } from "./cli/print-usage.js";
export { type Subcommand, splitSubcommand } from "./cli/split-subcommand.js";
export {
  BEAT_TICK_MS,
  type Beat,
  type BeatOptions,
  type CancelBeat,
  createBeat,
  ownTimers,
} from "./clock/create-beat.js";
export { settledWithin } from "./clock/settled-within.js";
export { agentNetworkFor } from "./config/agent-network-for.js";
export type { AgentSettings } from "./config/catalog.js";
export {
  type BackendModels,
  type Catalog,
  type EnvironmentEntry,
  type RepositoryEntry,
  type RoutingRule,
  type SteeringPolicy,
  steeringPolicySchema,
  targetRefSchema,
} from "./config/catalog.js";
export { createTargetResolver, type TargetResolver } from "./config/create-target-resolver.js";
export { type EnvironmentOf, environmentFields } from "./config/environment-fields.js";
export { type LearningSettings, learningSchema } from "./config/learning-fields.js";
export {
  CatalogError,
  type CatalogLoadResult,
  catalogSchema,
  EMPTY_CATALOG,
  loadCatalog,
  loadCatalogWithWarnings,
  parseCatalog,
  parseCatalogWithWarnings,
} from "./config/load-catalog.js";
export {
  accessSection,
  type CatalogCheck,
  catalogSection,
  type PlatformCatalog,
  platformCatalog,
} from "./config/platform-catalog.js";
export { type CatalogWarning, findUnknownTargets } from "./config/prune-unknown-targets.js";
export type { AgentBackend, BackendTurn } from "./contracts/agent-backend.js";
export type { Bot, BotModule, BotServices } from "./contracts/bot.js";
export type { Classifier } from "./contracts/classifier.js";
export type { QueuedRequesters, StopConversation, StopResult } from "./contracts/conversation-queue.js";
export type { HttpMethod, HttpRoute } from "./contracts/http-route.js";
export { type LogFields, type Logger, silentLogger } from "./contracts/logger.js";
export type {
  CatalogCount,
  ClassifySample,
  CliCommand,
  CliIo,
  DoctorCheck,
  DoctorCheckResult,
  DoctorContext,
  DoctorFinding,
  PlatformOperations,
  RepositoryHost,
  SampleConversation,
} from "./contracts/platform-operations.js";
export {
  type ClassifierContext,
  type ConversationOf,
  createPlatformPolicies,
  type PlatformPolicies,
  type PlatformPolicy,
  type RequestOf,
} from "./contracts/platform-policy.js";
export {
  type DemoRepository,
  deliveryResult,
  type PaneActionResult,
  type PaneContext,
  type PaneState,
  type PlaygroundPane,
  type SimulatedPane,
} from "./contracts/playground-pane.js";
export type { PullRequestAnswer, PullRequestHost, PullRequestState } from "./contracts/pull-request-host.js";
export type { PlatformTurn, Replier, WorkingContext } from "./contracts/replier.js";
export type { RepositoryTokenProvider } from "./contracts/repository-tokens.js";
export type {
  RequestIntake,
  RequestIntakeOptions,
  RequestIntakeResult,
  RequestRefusal,
} from "./contracts/request-intake.js";
export type { ShareLinks } from "./contracts/share-links.js";
export type { SteeringCheck, SteeringGuard } from "./contracts/steering-guard.js";
export { type AdmitTurn, admissionFor, type TurnAdmission } from "./contracts/turn-admission.js";
export { type ControlWord, parseControlWord } from "./controls/control-word.js";
export {
  type ControlNoSession,
  type ControlRefused,
  type ControlRequest,
  type ControlWordOutcome,
  type ConversationControls,
  type ConversationControlsOptions,
  createConversationControls,
  type PickOutcome,
  type ShareOutcome,
  type SteerableSessionOutcome,
  type StopOutcome,
  type UnshareOutcome,
} from "./controls/create-conversation-controls.js";
export { createPickResolver } from "./controls/create-pick-resolver.js";
export { createQueueKeyResolver, type QueueKeyResolver } from "./controls/create-queue-key-resolver.js";
export {
  createSteeringRule,
  type SteeringQuestion,
  type SteeringRule,
  type SteeringRuleOptions,
} from "./controls/create-steering-rule.js";
export { DEFAULT_STEERING_POLICY } from "./controls/may-user-steer.js";
export {
  actOncePerDelivery,
  type ClaimDelivery,
  createDeliveryClaims,
  type OncePerDelivery,
} from "./delivery/claim-delivery.js";
export { type ErrorDescription, errorMessage } from "./describe-error.js";
export { platformOffResult, verifyingSecretFinding } from "./doctor/platform-doctor-findings.js";
export {
  BatonError,
  type BatonErrorCode,
  isRetryableError,
  TransientError,
  type UserFacingError,
} from "./errors.js";
export {
  createKeepAliveFetch,
  fetchInputUrl,
  type KeepAliveFetchOptions,
  PLATFORM_CONNECTIONS,
} from "./http/create-keep-alive-fetch.js";
export type { LogThrottle } from "./http/create-log-throttle.js";
export {
  createWebhookRoute,
  type WebhookRefusal,
  type WebhookReplies,
  type WebhookRouteOptions,
  type WebhookVerdict,
  webhookBytes,
  webhookRefusal,
  webhookText,
} from "./http/create-webhook-route.js";
export { type ReadBodyResult, readBody } from "./http/read-body.js";
export { sendJson, sendText } from "./http/send-response.js";
export * from "./learning/index.js";
export {
  createRedactor,
  type RedactedText,
  type Redactor,
  type RedactorOptions,
} from "./redaction/create-redactor.js";
export { type RedactedEntry, redactTranscriptEntry } from "./redaction/redact-transcript-entry.js";
export type { SecretPattern } from "./redaction/secret-patterns.js";
export { createExpiringMap, type ExpiringMap } from "./replies/create-expiring-map.js";
export { createTtlCache, type TtlCache } from "./replies/create-ttl-cache.js";
export {
  createFinalReplyClaims,
  type FinalReply,
  type FinalReplyClaims,
} from "./replies/final-reply-claims.js";
export {
  FINAL_REPLY_LEASE_MS,
  type GuardFinalRepliesOptions,
  guardFinalReplies,
  guardFinalReply,
} from "./replies/guard-final-replies.js";
export { mapReplier, REPLIER_METHODS, type ReplierCall, type ReplierMethod } from "./replies/map-replier.js";
export {
  createProgressThrottle,
  type ProgressGate,
  type ProgressThrottle,
  type ProgressUpdate,
} from "./replies/progress-throttle.js";
export { replierFor } from "./replies/replier-for.js";
export { createTrailingReplies, type TrailingReplies } from "./replies/trailing-replies.js";
export { withReplyLedger } from "./replies/with-reply-ledger.js";
export {
  DEFAULT_RETENTION,
  DEFAULT_RETENTION_MS,
  MIN_RETENTION_MS,
  type Retention,
  retentionFor,
} from "./retention/retention.js";
export type { AgentEvent, Artifact } from "./schemas/agent-event.js";
export type { ContextEntry, ThreadMessage } from "./schemas/context-entry.js";
export {
  type ConversationRef,
  conversationKey,
  conversationWorkspace,
  type Platform,
  platformSchema,
} from "./schemas/conversation-ref.js";
export type { PullRequestRef } from "./schemas/pull-request-ref.js";
export type { GithubReplyKind, ReplyAddress } from "./schemas/reply-address.js";
export { requestIdForDelivery } from "./schemas/request-id.js";
export type { Session } from "./schemas/session.js";
export {
  type Actor,
  type Attachment,
  agentPromptOf,
  MAX_PROMPT_CHARS,
  MAX_REQUEST_BACKGROUND_BLOCKS,
  type RequestBackground,
  requestBackgroundSchema,
  type SessionRequest,
  type SessionRequestInput,
  sessionRequestSchema,
} from "./schemas/session-request.js";
export {
  type AskDecision,
  type Decision,
  describeTarget,
  type Target,
  type TargetHint,
  targetId,
} from "./schemas/target.js";
export type { NewTranscriptEntry, TranscriptEntry } from "./schemas/transcript-entry.js";
export {
  FINISHED_TURN_STATUSES,
  type Turn,
  type TurnOutcome,
  type TurnStatus,
  turnSchema,
  turnStatusSchema,
} from "./schemas/turn.js";
export {
  DATA_DIR_MODE,
  loadShareLinkKey,
  loadShareLinkKeyring,
  type ShareLinkKeyOptions,
} from "./sharing/load-share-link-key.js";
export { sealShareId, unsealShareId } from "./sharing/seal-share-id.js";
export { parseShareLifetime, type ShareLifetime } from "./sharing/share-expiry.js";
export { type NamedShareKey, type ShareLinkKeyring, splitShareKeys } from "./sharing/share-link-keyring.js";
export {
  createShareService,
  type ResolveShareResult,
  type ShareOptions,
  type ShareService,
  type ShareServiceOptions,
  type ShareSessionResult,
  type ShareSummary,
  type SharingPolicy,
} from "./sharing/share-service.js";
export { createShareStore, type RevokeShareResult, type ShareStore } from "./sharing/share-store.js";
export { createShareSweeper, type ShareSweeper } from "./sharing/share-sweeper.js";
export { MAX_TRANSCRIPT_TEXT_CHARS } from "./store/cap-transcript-entry.js";
export { closeRedisConnection } from "./store/close-redis-connection.js";
export {
  type ContextAppendResult,
  type ConversationContextStore,
  createConversationContextStore,
} from "./store/conversation-context-store.js";
export {
  type ConversationOwnerStore,
  createConversationOwnerStore,
} from "./store/conversation-owner-store.js";
export {
  createLearnedRoutingStore,
  LEARNED_VOTES_PER_PLACE_MAX,
  type LearnedPlace,
  type LearnedRoutingStore,
} from "./store/learned-routing-store.js";
export { createRedisKeys, type RedisKeys } from "./store/redis-keys.js";
export {
  defineRedisScripts,
  type RedisScript,
  type RedisScriptCalls,
  redisScript,
  type ScriptArgument,
} from "./store/redis-scripts.js";
export {
  conversationLedgerId,
  createReplyLedger,
  type PickerMode,
  REPLY_FIELDS,
  type ReplyLedger,
} from "./store/reply-ledger.js";
export { createSessionStore, type SessionStore, sessionRequesterKey } from "./store/session-store.js";
export {
  createTranscriptStore,
  isTranscriptEntryId,
  parseTranscriptLine,
  type StoredTranscriptEntry,
  type TranscriptLine,
  type TranscriptStore,
} from "./store/transcript-store.js";
export { formatDuration } from "./text/format-duration.js";
export type { ChooseTurnModelInput, TurnModelChoice } from "./turns/choose-turn-model.js";
export { formatContextEntries } from "./turns/format-context-entries.js";
export {
  type AbortReason,
  createTurnRunner,
  type TurnRunContext,
  type TurnRunner,
  type TurnRunnerOptions,
} from "./turns/run-turn.js";
