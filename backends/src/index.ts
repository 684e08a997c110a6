export type { ChangedFile, CheckRun, DiffTurn, PublishTurn, TurnDiff } from "./codex/codex-backend-ports.js";
export {
  CODEX_BACKEND_NAME,
  type CodexBackendOptions,
  createCodexBackend,
} from "./codex/create-codex-backend.js";
export { type CodexHarnessOptions, createCodexHarness } from "./codex/harness/codex/create-codex-harness.js";
export {
  createRedisThreadStore,
  type HarnessThreadStore,
} from "./codex/harness/codex/harness-thread-store.js";
export type { CodingHarness, HarnessCheck, HarnessEvent } from "./codex/harness/coding-harness.js";
export { createTurnPublisher, type TurnPublisherOptions } from "./codex/publish/create-turn-publisher.js";
export { diffTurn } from "./codex/publish/diff-turn.js";
export type { PublishOutcome } from "./codex/publish/publish-outcome.js";
export {
  createSessionStateStore,
  type SessionStateStore,
} from "./codex/session-state/session-state-store.js";
export {
  createSessionWorkspaces,
  type SessionWorkspacesOptions,
  WORKSPACE_IDLE_MS,
} from "./codex/workspace/create-session-workspaces.js";
export type { SessionWorkspace } from "./codex/workspace/session-workspace.js";
export type { SessionWorkspaces } from "./codex/workspace/session-workspaces.js";
export { type CheckOpenAIOptions, checkOpenAI, type OpenAICheck } from "./openai/check-openai.js";
export {
  createOpenAIBackend,
  OPENAI_BACKEND_NAME,
  type OpenAIBackendOptions,
} from "./openai/create-openai-backend.js";
export type { AgentConversation, AgentMemory, RememberedTurn } from "./openai/memory/agent-memory.js";
export { createRedisAgentMemory, type KeyValueRedis } from "./openai/memory/create-redis-agent-memory.js";
export type { AgentLoopLimits } from "./openai/run-agent-loop.js";
export {
  createWorkspaceCache,
  type WorkspaceCache,
  type WorkspaceCacheOptions,
} from "./openai/workspace/create-workspace-cache.js";
export type { RepositoryTokenProvider } from "./openai/workspace/repository-token-provider.js";
export { checkOpenInspect, type OpenInspectCheck } from "./openinspect/check-openinspect.js";
export {
  createOpenInspectBackend,
  OPENINSPECT_BACKEND_NAME,
  type OpenInspectBackendOptions,
} from "./openinspect/create-openinspect-backend.js";
export {
  createOpenInspectClient,
  type OpenInspectClient,
  type OpenInspectClientOptions,
} from "./openinspect/create-openinspect-client.js";
export { OPENINSPECT_SECRET_VARIABLES } from "./openinspect/openinspect-errors.js";
export {
  formatOpenInspectActor,
  OPENINSPECT_SERVICE_FOR_PLATFORM,
  type OpenInspectSecrets,
} from "./openinspect/openinspect-identities.js";
export type { OpenInspectFailureKind, OpenInspectResult } from "./openinspect/openinspect-result.js";
export type { RemoteEnvironment, RemoteRepository } from "./openinspect/openinspect-schemas.js";
export { type ParsedSig1Header, parseSig1Header } from "./openinspect/parse-sig1-header.js";
export {
  createRedisRemoteSessionStore,
  type RemoteSessionStore,
} from "./openinspect/remote-session-store.js";
export { REOPENED_SESSION_NOTE, VANISHED_SESSION_NOTE } from "./openinspect/send-turn-prompt.js";
export { buildSig1CanonicalString, signSig1Request } from "./openinspect/sign-sig1-request.js";
export {
  SIG1_MAX_CLOCK_SKEW_MS,
  type Sig1Verification,
  verifySig1Request,
} from "./openinspect/verify-sig1-request.js";
export { createPlanBackend, describePlan, PLAN_BACKEND_NAME } from "./plan/create-plan-backend.js";
export {
  createRepositoryStores,
  type RepositoryStores,
  type RepositoryStoresOptions,
} from "./workspace/repository-stores.js";
