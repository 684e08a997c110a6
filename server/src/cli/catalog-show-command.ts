import {
  BatonError,
  type CatalogFactSource,
  createDiscoveredCatalogStore,
  createRedisKeys,
  describeDiscoveredFacts,
  describeFileFacts,
  errorMessage,
  loadCatalogWithWarnings,
  mergeDiscoveredCatalog,
  silentLogger,
} from "@baton/core";
import { Redis } from "ioredis";
import { loadConfig } from "../config/load-config.js";
import { createClusterClient } from "../redis/create-cluster-client.js";
import { LOCAL_REDIS_URL } from "../redis/resolve-redis.js";
import type { CliIo } from "./cli-io.js";
import { formatCatalogFacts } from "./format-catalog-facts.js";

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
    const { catalog, warnings } = await loadCatalogWithWarnings(file, {
      required: options.config !== undefined,
    });
    for (const warning of warnings)
      io.stderr(`baton catalog: warning: ${file}: ${warning.path}: ${warning.message}`);
    const clientOptions = { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null };
    const redis = config.REDIS_CLUSTER_NODES
      ? createClusterClient(config.REDIS_CLUSTER_NODES, clientOptions)
      : new Redis(config.REDIS_URL ?? LOCAL_REDIS_URL, clientOptions);
    redis.on("error", () => {});
    try {
      const store = createDiscoveredCatalogStore({
        redis,
        keys: createRedisKeys(config.BATON_REDIS_PREFIX),
        logger: silentLogger,
      });
      const snapshot = await redis
        .connect()
        .then(() => store.read())
        .catch((error: unknown) => {
          io.stderr(
            `baton catalog: warning: Redis is not reachable (${errorMessage(error)}); showing ${file} alone.`,
          );
          return { version: "0", repositories: [], profiles: [] };
        });
      // One source per kind of knowledge; what routing learns is one more.
      const sources: CatalogFactSource[] = [
        async () => describeFileFacts(catalog, file),
        async () => describeDiscoveredFacts(snapshot),
      ];
      const facts = (await Promise.all(sources.map((source) => source()))).flat();
      const merged = mergeDiscoveredCatalog(catalog, snapshot).catalog;
      const order = [
        ...merged.repositories.map((r) => r.repo),
        ...merged.environments.map((e) => `env:${e.id}`),
      ];
      if (options.json) io.stdout(JSON.stringify({ targets: order, facts }, null, 2));
      else io.stdout(formatCatalogFacts(facts, order).join("\n") || "The catalog lists no targets.");
      return 0;
    } finally {
      redis.disconnect();
    }
  } catch (error) {
    if (!(error instanceof BatonError)) throw error;
    io.stderr(`baton catalog: ${error.message}`);
    return 1;
  }
}
