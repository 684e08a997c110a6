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
export { createPlanBackend, describePlan, PLAN_BACKEND_NAME } from "./plan/create-plan-backend.js";
