import type { ProfileEvidence } from "../catalog-source/merge-discovered-catalog.js";
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
  /** What the repository itself says it is about (its README, folders, packages), when Baton read it. */
  profileOf(repo: string): ProfileEvidence | undefined;
  environmentEntry(id: string): EnvironmentEntry | undefined;
}

/** A catalog is indexed once per profile map (a catalog read without profiles is a different index). */
const built = new WeakMap<Catalog, WeakMap<ReadonlyMap<string, ProfileEvidence>, CatalogIndex>>();
const NO_PROFILES: ReadonlyMap<string, ProfileEvidence> = new Map();

/**
 * Builds the classifier's indexes for a catalog once (at load), so that classifying a request
 * costs lookups, not scans: the rule path stays well under a millisecond with thousands of
 * repositories. Indexes are cached per catalog object and profile map: a catalog merged
 * with discovered repositories is a new object, indexed with the profiles it was merged with.
 */
export function indexCatalog(
  catalog: Catalog,
  profiles: ReadonlyMap<string, ProfileEvidence> = NO_PROFILES,
): CatalogIndex {
  const cached = built.get(catalog)?.get(profiles);
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
    lexical: createLexicalIndex(catalog, profiles),
    environmentsContaining: (repo) => containing.get(repo.toLowerCase()) ?? [],
    targets: [
      ...catalog.repositories.map((r): Target => ({ kind: "repository", repo: r.repo })),
      ...catalog.environments.map((e): Target => ({ kind: "environment", id: e.id })),
    ],
    repositoryEntry: (repo) => repositories.get(repo.toLowerCase()),
    environmentEntry: (id) => environments.get(id),
    profileOf: (repo) => profiles.get(repo.toLowerCase()),
  };
  const byProfiles = built.get(catalog) ?? new WeakMap();
  byProfiles.set(profiles, index);
  built.set(catalog, byProfiles);
  return index;
}
