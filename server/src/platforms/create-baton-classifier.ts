import {
  type Catalog,
  type CatalogSource,
  type Classifier,
  createClassifier,
  createClassifierLlm,
  createLiveClassifier,
  type Decision,
  type LearnedMappings,
  type Logger,
  type PlatformPolicies,
} from "@baton/core";
import type { Config } from "../config/load-config.js";

/**
 * The classifier exactly as the worker runs it: the ladder over the catalog, with the LLM step
 * when OPENAI_API_KEY or OPENAI_BASE_URL is set. `baton classify` builds it here too, so that an
 * operator asking "why that repository?" gets the worker's own answer. With a `source` (the
 * discovered catalog in Redis), it classifies over the file's catalog merged with what the
 * platforms listed, as it is at each classification.
 */
export function createBatonClassifier({
  config,
  catalog,
  platforms,
  source,
  logger,
  learned,
  onDecision,
}: {
  config: Config;
  catalog: Catalog;
  /** The platforms' mappings and the context their requests carry. */
  platforms: PlatformPolicies;
  /** What the bots discovered (repositories and their profiles); the catalog file alone when absent. */
  source?: CatalogSource;
  logger: Logger;
  /** What people chose in each place (the worker's; `baton classify` runs without it). */
  learned?: LearnedMappings;
  /** Told of every decision (the worker's metrics count them by step). */
  onDecision?: (decision: Decision) => void;
}): Classifier {
  const llm = createClassifierLlm({
    apiKey: config.OPENAI_API_KEY,
    baseUrl: config.OPENAI_BASE_URL,
    model: config.OPENAI_MODEL,
  });
  if (!source) return createClassifier({ catalog, platforms, llm, logger, learned, onDecision });
  return createLiveClassifier({
    catalog,
    source,
    logger,
    platforms,
    build: (merged) => createClassifier({ ...merged, platforms, llm, logger, learned, onDecision }),
  });
}
