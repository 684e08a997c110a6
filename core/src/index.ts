export {
  type AccessPolicy,
  type AccessRule,
  accessSchema,
  type LinearAccess,
  linearAccessRule,
  type SlackAccess,
  slackAccessRule,
  slackAccessSchema,
} from "./access/access-rule.js";
export { type AllowedTargets, createAllowedTargets, targetRef } from "./access/allowed-targets.js";
export {
  type AccessCheck,
  type AccessFacts,
  type AccessRefusal,
  checkAccess,
} from "./access/check-access.js";
export { type AccessGate, createAccessGate, type RefusedRequest } from "./access/create-access-gate.js";
export {
  type ClassifierLlm,
  LLM_TIMEOUT_MS,
  type LlmFailureReason,
} from "./classifier/ask-llm-for-target.js";
export { ASK_MAX_CANDIDATES } from "./classifier/build-ask-decision.js";
export { LLM_MAX_CANDIDATES } from "./classifier/choose-target-with-llm.js";
export {
  type ClassifierOptions,
  type ClassifierStep,
  classifierStep,
  createClassifier,
} from "./classifier/create-classifier.js";
export { type ClassifierLlmSettings, createClassifierLlm } from "./classifier/create-classifier-llm.js";
export {
  type ContextCache,
  type ContextCacheOptions,
  createContextCache,
} from "./classifier/create-context-cache.js";
export {
  createMappingIndex,
  type MappingIndex,
  type MappingMatch,
} from "./classifier/create-mapping-index.js";
export {
  fillRequestContext,
  REQUEST_CONTEXT_MAX_VALUE_CHARS,
  REQUEST_CONTEXT_TIMEOUT_MS,
} from "./classifier/fill-request-context.js";
export { type LlmTargetAnswer, llmTargetAnswerSchema } from "./classifier/llm-target-answer.js";
export {
  defuseRequestFlags,
  type ParsedRequestText,
  parseRequestText,
} from "./classifier/parse-request-text.js";
export { formatContextList, REQUEST_CONTEXT_KEYS, readContextList } from "./classifier/request-context.js";
export type {
  RequestContextProvider,
  RequestContextProviders,
} from "./classifier/request-context-provider.js";
export { agentNetworkFor } from "./config/agent-network-for.js";
export type { AgentSettings, LinearMapping, LinearMappingEntry } from "./config/catalog.js";
export {
  type BackendModels,
  backendModelsSchema,
  type Catalog,
  catalogSchema,
  EMPTY_CATALOG,
  type EnvironmentEntry,
  type RepositoryEntry,
  type RoutingRule,
  type SteeringPolicy,
  targetRefSchema,
} from "./config/catalog.js";
export { createTargetResolver, type TargetResolver } from "./config/create-target-resolver.js";
export {
  CatalogError,
  type CatalogLoadResult,
  loadCatalog,
  loadCatalogWithWarnings,
  parseCatalog,
  parseCatalogWithWarnings,
} from "./config/load-catalog.js";
export type { CatalogWarning } from "./config/prune-unknown-targets.js";
export type { AgentBackend, BackendTurn } from "./contracts/agent-backend.js";
export type { Bot, BotModule, BotServices } from "./contracts/bot.js";
export type { Classifier } from "./contracts/classifier.js";
export type { QueuedRequesters, StopConversation, StopResult } from "./contracts/conversation-queue.js";
export type { HttpMethod, HttpRoute } from "./contracts/http-route.js";
export { type LogFields, type Logger, silentLogger } from "./contracts/logger.js";
export type { Replier, WorkingContext } from "./contracts/replier.js";
export type { RepositoryTokenProvider } from "./contracts/repository-tokens.js";
export type {
  RequestIntake,
  RequestIntakeOptions,
  RequestIntakeResult,
  RequestRefusal,
} from "./contracts/request-intake.js";
export type { ShareLinks } from "./contracts/share-links.js";
export { allowAnyoneToSteer, type SteeringCheck, type SteeringGuard } from "./contracts/steering-guard.js";
export type { AdmitTurn, TurnAdmission } from "./contracts/turn-admission.js";
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
export {
  createQueueKeyResolver,
  ownQueueKey,
  type QueueKeyResolver,
} from "./controls/create-queue-key-resolver.js";
export {
  createSteeringRule,
  type SteeringQuestion,
  type SteeringRule,
  type SteeringRuleOptions,
} from "./controls/create-steering-rule.js";
export { DEFAULT_STEERING_POLICY, mayUserSteer } from "./controls/may-user-steer.js";
export {
  actOncePerDelivery,
  type ClaimDelivery,
  createDeliveryClaims,
  type OncePerDelivery,
} from "./delivery/claim-delivery.js";
export { describeError, type ErrorDescription, errorMessage } from "./describe-error.js";
export {
  BatonError,
  type BatonErrorCode,
  DEFAULT_USER_MESSAGE,
  isRetryableError,
  TransientError,
  toUserFacingError,
  type UserFacingError,
} from "./errors.js";
export {
  createLogThrottle,
  type LogThrottle,
  REJECTION_LOG_INTERVAL_MS,
} from "./http/create-log-throttle.js";
export { MAX_WEBHOOK_BODY_BYTES, type ReadBodyResult, readBody } from "./http/read-body.js";
export { sendJson, sendText } from "./http/send-response.js";
export {
  createRedactor,
  type RedactedText,
  type Redactor,
  type RedactorOptions,
  WITHHELD_BLOCK_NOTICE,
} from "./redaction/create-redactor.js";
export { type RedactedEntry, redactTranscriptEntry } from "./redaction/redact-transcript-entry.js";
export { SECRET_PATTERNS, type SecretPattern } from "./redaction/secret-patterns.js";
export {
  createFinalReplyClaims,
  type FinalReply,
  type FinalReplyClaims,
  failedReply,
  finalReplySchema,
} from "./replies/final-reply-claims.js";
export {
  FINAL_REPLY_LEASE_MS,
  type GuardFinalRepliesOptions,
  guardFinalReplies,
  guardFinalReply,
} from "./replies/guard-final-replies.js";
export { createProgressThrottle, type ProgressThrottle } from "./replies/progress-throttle.js";
export {
  CONVERSATION_CONTEXT_TTL_MS,
  CONVERSATION_OWNER_TTL_MS,
  DEFAULT_RETENTION,
  DEFAULT_RETENTION_MS,
  DELIVERY_DEDUPE_TTL_MS,
  MIN_RETENTION_MS,
  type Retention,
  retentionFor,
  TURN_TTL_MS,
} from "./retention/retention.js";
export { type AgentEvent, type Artifact, agentEventSchema, artifactSchema } from "./schemas/agent-event.js";
export { type ContextEntry, type ThreadMessage, threadMessageSchema } from "./schemas/context-entry.js";
export {
  type ConversationRef,
  conversationKey,
  conversationRefSchema,
  type Platform,
  platformSchema,
} from "./schemas/conversation-ref.js";
export { type PullRequestRef, parsePullRequestUrl, pullRequestKey } from "./schemas/pull-request-ref.js";
export {
  type GithubReplyKind,
  githubReplyKindSchema,
  type ReplyAddress,
  replyAddressSchema,
} from "./schemas/reply-address.js";
export { requestIdForDelivery } from "./schemas/request-id.js";
export { type Session, sessionSchema } from "./schemas/session.js";
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
  decisionSchema,
  describeTarget,
  REPOSITORY_NAME_PATTERN,
  type Target,
  type TargetHint,
  targetId,
  targetSchema,
} from "./schemas/target.js";
export {
  type NewTranscriptEntry,
  type TranscriptEntry,
  transcriptEntrySchema,
} from "./schemas/transcript-entry.js";
export {
  FINISHED_TURN_STATUSES,
  type Turn,
  type TurnOutcome,
  type TurnStatus,
  turnOutcomeSchema,
  turnSchema,
  turnStatusSchema,
} from "./schemas/turn.js";
export {
  DATA_DIR_MODE,
  loadShareLinkKey,
  loadShareLinkKeyring,
  type ShareLinkKeyOptions,
} from "./sharing/load-share-link-key.js";
export { SHARE_LINK_KEY_BYTES, sealShareId, unsealShareId } from "./sharing/seal-share-id.js";
export { parseShareLifetime, type ShareLifetime, shareExpiresAt } from "./sharing/share-expiry.js";
export { generateShareId, hashShareId, isShareIdShaped, SHARE_ID_PATTERN } from "./sharing/share-id.js";
export {
  MIN_SHARE_SECRET_CHARS,
  type NamedShareKey,
  parseShareKeys,
  type ShareLinkKeyring,
} from "./sharing/share-link-keyring.js";
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
export { createShareSweeper, SHARE_SWEEP_INTERVAL_MS, type ShareSweeper } from "./sharing/share-sweeper.js";
export { capTranscriptEntry, MAX_TRANSCRIPT_TEXT_CHARS } from "./store/cap-transcript-entry.js";
export {
  CONVERSATION_CONTEXT_MAX_MESSAGES,
  type ContextAppendResult,
  type ConversationContextStore,
  createConversationContextStore,
  UNKNOWN_CONTEXT_AUTHOR,
} from "./store/conversation-context-store.js";
export {
  type ConversationOwnerStore,
  createConversationOwnerStore,
} from "./store/conversation-owner-store.js";
export { createRedisKeys, DEFAULT_REDIS_PREFIX, type RedisKeys } from "./store/redis-keys.js";
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
export {
  createSessionStore,
  type SessionStore,
  sessionRequesterKey,
} from "./store/session-store.js";
export {
  createTranscriptStore,
  parseTranscriptLine,
  type StoredTranscriptEntry,
  TRANSCRIPT_MAX_ENTRIES,
  type TranscriptLine,
  type TranscriptStore,
} from "./store/transcript-store.js";
export { formatDuration } from "./text/format-duration.js";
export {
  type ChooseTurnModelInput,
  chooseTurnModel,
  describeModelRefusal,
  type TurnModelChoice,
} from "./turns/choose-turn-model.js";
export { formatContextEntries } from "./turns/format-context-entries.js";
export {
  type AbortReason,
  createTurnRunner,
  type TurnRunContext,
  type TurnRunner,
  type TurnRunnerOptions,
} from "./turns/run-turn.js";
