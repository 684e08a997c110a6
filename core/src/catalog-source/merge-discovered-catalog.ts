import { type Catalog, type RepositoryEntry, repositoryEntrySchema } from "../config/catalog.js";
import type { CatalogSnapshot } from "./catalog-source.js";
import type { DiscoveredRepository } from "./discovered-repository.js";
import type { RepositoryProfile } from "./repository-profile.js";

/** A repository's profile as the classifier reads it: its words (languages included) and its summary. */
export interface ProfileEvidence {
  terms: readonly string[];
  summary: string;
}

export interface MergedCatalog {
  catalog: Catalog;
  /** By lowercased `owner/name`, for every repository of `catalog` that has one. */
  profiles: ReadonlyMap<string, ProfileEvidence>;
}

/**
 * The catalog the classifier works with: what `baton.config.yaml` says, plus every repository a
 * platform listed. The file wins where both speak (its description overrides, its aliases and
 * keywords stay); a listing adds what the file leaves out (a description, the default branch) and
 * its topics as keywords. An archived repository is no target unless the file names it. The file's
 * order comes first, then the discovered repositories by name, so rankings stay stable.
 */
export function mergeDiscoveredCatalog(catalog: Catalog, snapshot: CatalogSnapshot): MergedCatalog {
  const discovered = new Map<string, DiscoveredRepository>();
  for (const repository of snapshot.repositories) {
    const key = repository.repo.toLowerCase();
    if (!discovered.has(key)) discovered.set(key, repository);
  }
  const repositories: RepositoryEntry[] = catalog.repositories.map((entry) => {
    const listed = discovered.get(entry.repo.toLowerCase());
    return listed ? fillEntry(entry, listed) : entry;
  });
  const written = new Set(catalog.repositories.map((entry) => entry.repo.toLowerCase()));
  const added = [...discovered.values()]
    .filter((listed) => !written.has(listed.repo.toLowerCase()) && !listed.archived)
    .sort((a, b) => a.repo.localeCompare(b.repo))
    .map((listed) =>
      repositoryEntrySchema.parse({
        repo: listed.repo,
        description: listed.description,
        keywords: topicKeywords(listed.topics),
        ...(listed.defaultBranch ? { defaultBranch: listed.defaultBranch } : {}),
      }),
    );
  const merged = [...repositories, ...added];
  const profileByRepo = new Map<string, RepositoryProfile>(
    snapshot.profiles.map((profile) => [profile.repo.toLowerCase(), profile]),
  );
  const profiles = new Map<string, ProfileEvidence>();
  for (const entry of merged) {
    const key = entry.repo.toLowerCase();
    const profile = profileByRepo.get(key);
    const languages = discovered.get(key)?.languages ?? [];
    if (!profile && languages.length === 0) continue;
    profiles.set(key, {
      terms: [...(profile?.terms ?? []), ...languages.map((l) => l.toLowerCase())],
      summary: profile?.summary ?? "",
    });
  }
  return { catalog: { ...catalog, repositories: merged }, profiles };
}

function fillEntry(entry: RepositoryEntry, listed: DiscoveredRepository): RepositoryEntry {
  const keywords = [...entry.keywords];
  const have = new Set(keywords.map((k) => k.toLowerCase()));
  for (const topic of topicKeywords(listed.topics)) if (!have.has(topic)) keywords.push(topic);
  return {
    ...entry,
    description: entry.description.length > 0 ? entry.description : listed.description,
    keywords,
    ...(entry.defaultBranch === undefined && listed.defaultBranch
      ? { defaultBranch: listed.defaultBranch }
      : {}),
  };
}

/** A topic (`sales-tax`) as the phrase people write (`sales tax`). */
function topicKeywords(topics: readonly string[]): string[] {
  return topics.map((topic) => topic.replace(/-/g, " ").trim()).filter((topic) => topic.length > 0);
}
