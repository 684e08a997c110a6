import type { BotModule, RepositoryHost } from "@baton/core";
import { BOT_MODULES } from "../bots/bot-modules.js";
import type { Config } from "../config/load-config.js";

/** Where the listed platforms host repositories (the first that says), when one does. */
export function repositoryHostOf(
  config: Config,
  modules: readonly BotModule<Config>[] = BOT_MODULES,
): RepositoryHost | undefined {
  for (const module of modules) {
    const host = module.repositoryHost?.(config);
    if (host) return host;
  }
  return undefined;
}

/** `gitHost` for the workspace stores: the platform's, else the backends' public default. */
export function gitHostOption(config: Config): { gitHost?: string } {
  const host = repositoryHostOf(config);
  return host ? { gitHost: host.gitHost } : {};
}
