import type { BotModule } from "@baton/core";
import type { Config } from "../config/load-config.js";

/** The variables a module still needs to be on; those of `variables` unset or empty by default. */
export function missingVariablesOf(module: BotModule<Config>, config: Config): string[] {
  return module.missingVariables
    ? module.missingVariables(config)
    : module.variables.filter((name) => !(config as Record<string, unknown>)[name]);
}

/**
 * Whether a bot that fills the catalog is on (its variables set): then the catalog is loaded with
 * `discovery`, so that a rule naming a repository only that platform lists waits for the merged
 * catalog instead of being dropped. Gateway and worker decide alike from the same variables.
 */
export function catalogDiscoveryOn(modules: readonly BotModule<Config>[], config: Config): boolean {
  return modules.some(
    (module) => module.discoversCatalog === true && missingVariablesOf(module, config).length === 0,
  );
}
