import { DEFAULT_INTAKE_LIMITS, type IntakeLimits } from "@baton/queue";
import type { Config } from "./load-config.js";

/** Intake's caps and rate buckets: Baton's defaults, each replaced by its variable when set. */
export function intakeLimitsFromConfig(config: Config): IntakeLimits {
  const defaults = DEFAULT_INTAKE_LIMITS;
  return {
    maxQueuedPerConversation: config.BATON_MAX_QUEUED_PER_CONVERSATION ?? defaults.maxQueuedPerConversation,
    perUser: {
      perMinute: config.BATON_USER_TURNS_PER_MINUTE ?? defaults.perUser.perMinute,
      burst: config.BATON_USER_TURN_BURST ?? defaults.perUser.burst,
    },
    perWorkspace: {
      perMinute: config.BATON_WORKSPACE_TURNS_PER_MINUTE ?? defaults.perWorkspace.perMinute,
      burst: config.BATON_WORKSPACE_TURN_BURST ?? defaults.perWorkspace.burst,
    },
  };
}
