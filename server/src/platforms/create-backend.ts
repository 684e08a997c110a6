import { createPlanBackend, type RepositoryTokenProvider } from "@baton/backends";
import { type AgentBackend, BatonError, type Catalog, type Logger, type RedisKeys } from "@baton/core";
import type { Redis } from "ioredis";
import type { Config } from "../config/load-config.js";
import { readyBackends } from "./ready-backends.js";
import { setupOpenAIBackend } from "./setup-openai-backend.js";

/** What a backend may need from the composition root. */
export interface BackendDependencies {
  config: Config;
  catalog: Catalog;
  redis: Redis;
  keys: RedisKeys;
  logger: Logger;
  /** Installation tokens for fetching GitHub repositories, once the GitHub bot provides them. */
  tokens?: RepositoryTokenProvider;
}

/** One entry per backend BATON_BACKEND may name. */
const BACKENDS: Record<Config["BATON_BACKEND"], (deps: BackendDependencies) => AgentBackend> = {
  plan: ({ config }) => createPlanBackend({ readyBackends: readyBackends(config) }),
  openai: setupOpenAIBackend,
  openinspect: ({ config }) => {
    throw new BatonError(
      "config_invalid",
      `BATON_BACKEND=${config.BATON_BACKEND} is not available in this version of Baton. Unset BATON_BACKEND to use the plan backend.`,
    );
  },
};

/** The agent backend BATON_BACKEND names. */
export function createBackend(deps: BackendDependencies): AgentBackend {
  return BACKENDS[deps.config.BATON_BACKEND](deps);
}
