import type { Catalog, EnvironmentEntry, RepositoryEntry } from "../config/catalog.js";
import { createTargetResolver, type TargetResolver } from "../config/create-target-resolver.js";
import type { Target } from "../schemas/target.js";
import { createLexicalIndex, type LexicalIndex } from "./create-lexical-index.js";
import { createMentionIndex, type MentionIndex } from "./create-mention-index.js";
import { createRoutingIndex, type RoutingIndex } from "./create-routing-index.js";

/** Everything the classifier looks up, precomputed from one catalog. */
export interface CatalogIndex {
  readonly catalog: Catalog;
  readonly resolve: TargetResolver;
  readonly mentions: MentionIndex;
  readonly routing: RoutingIndex;
  readonly lexical: LexicalIndex;
  /** Environments that contain the repository, in catalog order. */
  environmentsContaining(repo: string): Target[];
  /** Repositories, then environments: what the catalog offers besides "no repository". */
  readonly targets: readonly Target[];
  repositoryEntry(repo: string): RepositoryEntry | undefined;
  environmentEntry(id: string): EnvironmentEntry | undefined;
}

const built = new WeakMap<Catalog, CatalogIndex>();

/**
 * Builds the classifier's indexes for a catalog once (at load), so that classifying a request
 * costs lookups, not scans: the rule path stays well under a millisecond with thousands of
 * repositories. Indexes are cached per catalog object.
 */
export function indexCatalog(catalog: Catalog): CatalogIndex {
  const cached = built.get(catalog);
  if (cached) return cached;
  const resolve = createTargetResolver(catalog);
  const containing = new Map<string, Target[]>();
  for (const env of catalog.environments) {
    for (const repo of env.repositories) {
      const key = repo.toLowerCase();
      containing.set(key, [...(containing.get(key) ?? []), { kind: "environment", id: env.id }]);
    }
  }
  const repositories = new Map(catalog.repositories.map((r) => [r.repo.toLowerCase(), r]));
  const environments = new Map(catalog.environments.map((e) => [e.id, e]));
  const index: CatalogIndex = {
    catalog,
    resolve,
    mentions: createMentionIndex(catalog),
    routing: createRoutingIndex(catalog, resolve),
    lexical: createLexicalIndex(catalog),
    environmentsContaining: (repo) => containing.get(repo.toLowerCase()) ?? [],
    targets: [
      ...catalog.repositories.map((r): Target => ({ kind: "repository", repo: r.repo })),
      ...catalog.environments.map((e): Target => ({ kind: "environment", id: e.id })),
    ],
    repositoryEntry: (repo) => repositories.get(repo.toLowerCase()),
    environmentEntry: (id) => environments.get(id),
  };
  built.set(catalog, index);
  return index;
}
