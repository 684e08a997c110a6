import { createPlanBackend } from "@baton/backends";
import type {
  AgentBackend,
  Catalog,
  Logger,
  RedisKeys,
  RepositoryTokenProvider,
  Retention,
} from "@baton/core";
import type { Redis } from "ioredis";
import type { Config } from "../config/load-config.js";
import { readyBackends } from "./ready-backends.js";
import { setupCodexBackend } from "./setup-codex-backend.js";
import { setupOpenAIBackend } from "./setup-openai-backend.js";
import { setupOpenInspectBackend } from "./setup-openinspect.js";

/** What a backend may need from the composition root; each takes what it needs. */
export interface BackendDependencies {
  config: Config;
  catalog: Catalog;
  redis: Redis;
  keys: RedisKeys;
  /** How long a backend keeps what it remembers of a session (BATON_RETENTION). */
  retention: Retention;
  logger: Logger;
  /** Tokens for fetching repositories, once a bot provides them (its `repositoryTokens`). */
  tokens?: RepositoryTokenProvider;
  /** Every secret Baton holds, redacted from what a backend publishes (`Sharing.knownSecrets`); the configured ones when not given. */
  knownSecrets?: readonly string[];
}

/** One entry per backend BATON_BACKEND may name. */
const BACKENDS: Record<Config["BATON_BACKEND"], (deps: BackendDependencies) => AgentBackend> = {
  plan: ({ config }) => createPlanBackend({ readyBackends: readyBackends(config) }),
  openai: setupOpenAIBackend,
  codex: setupCodexBackend,
  openinspect: setupOpenInspectBackend,
};

/** The agent backend BATON_BACKEND names. */
export function createBackend(deps: BackendDependencies): AgentBackend {
  return BACKENDS[deps.config.BATON_BACKEND](deps);
}
