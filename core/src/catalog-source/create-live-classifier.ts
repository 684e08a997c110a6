import type { Catalog } from "../config/catalog.js";
import { findUnknownTargets } from "../config/prune-unknown-targets.js";
import type { Classifier } from "../contracts/classifier.js";
import type { Logger } from "../contracts/logger.js";
import type { PlatformPolicies } from "../contracts/platform-policy.js";
import { errorMessage } from "../describe-error.js";
import type { CatalogSource } from "./catalog-source.js";
import { type MergedCatalog, mergeDiscoveredCatalog } from "./merge-discovered-catalog.js";

export interface LiveClassifierOptions {
  /** The catalog of `baton.config.yaml`. */
  catalog: Catalog;
  source: CatalogSource;
  /** Builds the classifier of one merged catalog (the worker's ladder, its LLM, its metrics). */
  build(merged: MergedCatalog): Classifier;
  logger: Logger;
  /** Whose mappings name targets (to say which of them the merged catalog still does not know). */
  platforms: PlatformPolicies;
}

/**
 * A classifier over the file's catalog merged with what the platforms discovered, as it is now:
 * before each classification it asks the source's version (one read) and, when it moved, merges
 * and indexes once more. Every worker reads the same source, so all of them route alike. When the
 * source cannot be read, the last merged catalog (at first the file's alone) keeps routing.
 */
export function createLiveClassifier({
  catalog,
  source,
  build,
  logger,
  platforms,
}: LiveClassifierOptions): Classifier {
  const log = logger.child({ component: "core.catalog_source" });
  const warned = new Set<string>();
  let current = build({ catalog, profiles: new Map() });
  let version: string | undefined;
  let pending: Promise<void> | undefined;

  async function catchUp(): Promise<void> {
    try {
      const latest = await source.version();
      if (latest === version) return;
      const snapshot = await source.read();
      const merged = mergeDiscoveredCatalog(catalog, snapshot);
      current = build(merged);
      version = snapshot.version;
      warnUnknownTargets(merged.catalog);
      log.info("core.catalog_source.merged", {
        version,
        discovered: snapshot.repositories.length,
        profiles: snapshot.profiles.length,
      });
    } catch (error) {
      log.warn("core.catalog_source.unreadable", { error: errorMessage(error) });
    }
  }

  // A rule or mapping naming a repository discovery does not list (yet) is skipped while so: said
  // once per target, not at every merge, and again only after it resolved in between.
  function warnUnknownTargets(merged: Catalog): void {
    const unknown = findUnknownTargets(merged, platforms);
    const now = new Set(unknown.map((w) => `${w.path}\n${w.message}`));
    for (const warning of unknown) {
      if (warned.has(`${warning.path}\n${warning.message}`)) continue;
      log.warn("core.catalog_source.unknown_target", { path: warning.path, reason: warning.message });
    }
    warned.clear();
    for (const key of now) warned.add(key);
  }

  return {
    async classify(request) {
      // Concurrent turns share one catch-up instead of each reading the whole snapshot.
      pending ??= catchUp().finally(() => {
        pending = undefined;
      });
      await pending;
      return current.classify(request);
    },
    explicitTarget: (request) => current.explicitTarget?.(request),
    readRequest: (request) => current.readRequest?.(request) ?? request,
  };
}
