import {
  BatonError,
  type CatalogFactSource,
  type CliIo,
  describeDiscoveredFacts,
  describeFileFacts,
  findUnknownTargets,
  loadCatalogWithWarnings,
  mergeDiscoveredCatalog,
} from "@baton/core";
import { BOT_MODULES, platformPoliciesOf } from "../bots/bot-modules.js";
import { catalogDiscoveryOn } from "../bots/catalog-discovery-on.js";
import { loadConfig } from "../config/load-config.js";
import { formatCatalogFacts } from "./format-catalog-facts.js";
import { learnedRoutingFacts } from "./learned-routing-facts.js";
import { readDiscoveredCatalog } from "./read-discovered-catalog.js";

/**
 * `baton catalog show`: every target Baton knows and each fact with where it came from — the
 * catalog file, a platform's listing, a repository's own files — from the same file and Redis as
 * the running Baton. Exit codes: 0 printed, 1 the file is not usable. When Redis is not reachable
 * the file's facts are printed alone, with a warning.
 */
export async function runCatalogShowCommand(
  options: { config?: string; json: boolean },
  io: CliIo,
): Promise<number> {
  try {
    const config = loadConfig(io.env);
    const file = options.config ?? config.BATON_CONFIG;
    const platforms = platformPoliciesOf(BOT_MODULES);
    const { catalog, warnings } = await loadCatalogWithWarnings(file, {
      required: options.config !== undefined,
      platforms,
      discovery: catalogDiscoveryOn(BOT_MODULES, config),
    });
    for (const warning of warnings)
      io.stderr(`baton catalog: warning: ${file}: ${warning.path}: ${warning.message}`);
    const discovered = await readDiscoveredCatalog(config);
    if (!discovered.ok)
      io.stderr(
        `baton catalog: warning: Redis is not reachable (${discovered.problem}); showing ${file} alone.`,
      );
    const { snapshot, learned } = discovered;
    // One source per kind of knowledge: the file, discovery, what routing learned.
    const sources: CatalogFactSource[] = [
      async () => describeFileFacts(catalog, file, platforms),
      async () => describeDiscoveredFacts(snapshot),
      async () => learnedRoutingFacts(learned),
    ];
    const facts = (await Promise.all(sources.map((source) => source()))).flat();
    const merged = mergeDiscoveredCatalog(catalog, snapshot).catalog;
    const order = [
      ...merged.repositories.map((r) => r.repo),
      ...merged.environments.map((e) => `env:${e.id}`),
    ];
    // A rule or mapping kept for discovery that it does not list (yet): skipped while so.
    const unknown = findUnknownTargets(merged, platforms);
    if (options.json) io.stdout(JSON.stringify({ targets: order, facts, unknown }, null, 2));
    else {
      io.stdout(formatCatalogFacts(facts, order).join("\n") || "The catalog lists no targets.");
      for (const { path, message } of unknown) io.stdout(`still unknown: ${path}: ${message}`);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof BatonError)) throw error;
    io.stderr(`baton catalog: ${error.message}`);
    return 1;
  }
}
