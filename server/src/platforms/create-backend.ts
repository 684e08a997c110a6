import { createPlanBackend } from "@baton/backends";
import { type AgentBackend, BatonError, type Catalog, type Logger, type RedisKeys } from "@baton/core";
import type { Redis } from "ioredis";
import type { Config } from "../config/load-config.js";
import { setupOpenInspectBackend } from "./setup-openinspect.js";

/** What a backend may be built from; each takes what it needs. */
export interface BackendDeps {
  config: Config;
  catalog: Catalog;
  redis: Redis;
  keys: RedisKeys;
  logger: Logger;
}

/** One entry per value of BATON_BACKEND. */
const BACKENDS: Record<Config["BATON_BACKEND"], (deps: BackendDeps) => AgentBackend> = {
  plan: () => createPlanBackend(),
  openai: ({ config }) => {
    throw new BatonError(
      "config_invalid",
      `BATON_BACKEND=${config.BATON_BACKEND} is not available in this version of Baton. Unset BATON_BACKEND to use the plan backend.`,
    );
  },
  openinspect: setupOpenInspectBackend,
};

/** The agent backend BATON_BACKEND names. */
export function createBackend(deps: BackendDeps): AgentBackend {
  return BACKENDS[deps.config.BATON_BACKEND](deps);
}
