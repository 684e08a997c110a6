import { join } from "node:path";
import { createOpenAIBackend, createRedisAgentMemory, createWorkspaceCache } from "@baton/backends";
import { type AgentBackend, BatonError } from "@baton/core";
import type { BackendDependencies } from "./create-backend.js";
import { gitHostOption } from "./repository-host-of.js";

/** Where the built-in agent keeps its checkouts, inside BATON_DATA_DIR. */
export const WORKSPACES_DIR = "workspaces";

/**
 * The built-in agent from the configuration: the model API of OPENAI_API_KEY / OPENAI_BASE_URL,
 * OPENAI_MODEL as its default model, checkouts under BATON_DATA_DIR, its memory in Redis.
 */
export function setupOpenAIBackend({
  config,
  catalog,
  redis,
  keys,
  retention,
  logger,
  tokens,
}: BackendDependencies): AgentBackend {
  if (!config.OPENAI_API_KEY && !config.OPENAI_BASE_URL)
    throw new BatonError(
      "config_invalid",
      "BATON_BACKEND=openai needs OPENAI_API_KEY (or OPENAI_BASE_URL for a local OpenAI-compatible server). Set one, or unset BATON_BACKEND to use the plan backend.",
    );
  return createOpenAIBackend({
    apiKey: config.OPENAI_API_KEY,
    baseUrl: config.OPENAI_BASE_URL,
    defaultModel: config.OPENAI_MODEL,
    workspaces: createWorkspaceCache({
      dir: join(config.BATON_DATA_DIR, WORKSPACES_DIR),
      catalog,
      ...gitHostOption(config),
      logger,
      ...(tokens ? { tokens } : {}),
    }),
    memory: createRedisAgentMemory({ redis, keys, logger, retention }),
    logger,
  });
}
