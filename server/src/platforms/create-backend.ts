import { createPlanBackend } from "@baton/backends";
import { type AgentBackend, BatonError } from "@baton/core";
import type { Config } from "../config/load-config.js";

/** The agent backend BATON_BACKEND names. */
export function createBackend(config: Config): AgentBackend {
  switch (config.BATON_BACKEND) {
    case "plan":
      return createPlanBackend();
    case "openai":
    case "openinspect":
      throw new BatonError(
        "config_invalid",
        `BATON_BACKEND=${config.BATON_BACKEND} is not available in this version of Baton. Unset BATON_BACKEND to use the plan backend.`,
      );
  }
}
