import { type BotModule, createPlatformPolicies, type PlatformPolicies } from "@baton/core";
import { githubBotModule, githubEnvironment } from "@baton/github/module";
import { linearBotModule, linearEnvironment } from "@baton/linear/module";
import { slackBotModule, slackEnvironment } from "@baton/slack/module";

/**
 * Every platform Baton can talk to, and the only place in the server that names them: adding a
 * platform is one line in each list here. `startBaton` turns on those whose variables are set.
 */
export const BOT_MODULES = [slackBotModule, githubBotModule, linearBotModule] as const;

/** The listed modules' policies, turned on or not: a queued turn or a catalog is read in their terms. */
export function platformPoliciesOf(modules: readonly Pick<BotModule<never>, "policy">[]): PlatformPolicies {
  return createPlatformPolicies(modules.flatMap((module) => (module.policy ? [module.policy] : [])));
}

/** The platforms' slices of the environment schema, added to the server's own (`loadConfig`). */
export const BOT_ENVIRONMENT = { ...slackEnvironment, ...githubEnvironment, ...linearEnvironment };
