import type { DiscoveredRepository } from "./discovered-repository.js";
import type { RepositoryProfile } from "./repository-profile.js";

/** Everything discovered at one moment: the repositories listed by every source, and their profiles. */
export interface CatalogSnapshot {
  /** Changes whenever anything in the snapshot does; equal versions mean equal snapshots. */
  version: string;
  repositories: DiscoveredRepository[];
  profiles: RepositoryProfile[];
}

/**
 * Where the catalog's discovered part is read from, platform-neutral: a bot that can list
 * repositories writes them (and their profiles) through a `DiscoveredCatalogStore`; every worker
 * reads them back through this, so that each one classifies over the same merged catalog.
 */
export interface CatalogSource {
  /** Cheap: one read, asked before each classification. */
  version(): Promise<string>;
  read(): Promise<CatalogSnapshot>;
}
