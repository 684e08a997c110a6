import {
  type BotModule,
  type Catalog,
  type Logger,
  loadCatalogWithWarnings,
  type PlatformPolicies,
} from "@baton/core";
import { catalogDiscoveryOn } from "../bots/catalog-discovery-on.js";
import type { Config } from "./load-config.js";

/**
 * The catalog (`BATON_CONFIG`) as the server runs it, each of its warnings logged. When a bot that
 * fills the catalog is on, a rule or mapping naming a repository only that platform lists is kept
 * for the worker's merged catalog to resolve (see `catalogDiscoveryOn`).
 */
export async function loadServerCatalog({
  config,
  modules,
  platforms,
  log,
}: {
  config: Config;
  modules: readonly BotModule<Config>[];
  platforms: PlatformPolicies;
  log: Logger;
}): Promise<Catalog> {
  const { catalog, warnings } = await loadCatalogWithWarnings(config.BATON_CONFIG, {
    platforms,
    discovery: catalogDiscoveryOn(modules, config),
  });
  for (const warning of warnings)
    log.warn("server.catalog.warning", {
      file: config.BATON_CONFIG,
      path: warning.path,
      message: warning.message,
    });
  return catalog;
}
