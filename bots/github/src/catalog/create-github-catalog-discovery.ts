import {
  type DiscoveredCatalogStore,
  type DiscoveredRepository,
  errorMessage,
  type Logger,
} from "@baton/core";
import type { Redis } from "ioredis";
import type { InstallationOctokits } from "../octokit/create-installation-octokits.js";
import {
  listInstallationRepositories,
  listInstallations,
  listingIdOf,
  listingSourceOf,
} from "./list-installation-repositories.js";
import { readBranchHead, readRepositoryProfile } from "./read-repository-profile.js";

/** How often every installation is listed again, besides the `installation*` webhooks. */
export const GITHUB_CATALOG_REFRESH_MS = 15 * 60_000;

/** What an `installation` or `installation_repositories` delivery says changed. */
export type InstallationChange =
  | { kind: "installed"; installationId: number }
  | { kind: "uninstalled"; installationId: number }
  | { kind: "repositories"; installationId: number; added: string[]; removed: string[] };

export interface GithubCatalogDiscovery {
  /** Lists every installation again (and drops the listings of those that are gone), then their profiles. */
  refreshAll(): Promise<void>;
  refreshInstallation(installationId: number): Promise<void>;
  /** Takes in what a webhook said at once, then reads the installation again in the background. */
  applyChange(change: InstallationChange): Promise<void>;
  /** Refreshes now and every `intervalMs`, one process at a time (a Redis lease). */
  start(): void;
  close(): Promise<void>;
}

export interface GithubCatalogDiscoveryOptions {
  octokits: InstallationOctokits;
  store: DiscoveredCatalogStore;
  redis: Redis;
  /** The lease key that keeps two gateways from listing at once. */
  leaseKey: string;
  logger: Logger;
  intervalMs?: number;
  now?: () => Date;
}

/**
 * The GitHub App's repositories as the catalog's discovered part: per installation, with the
 * installation's token, listed on start, on a schedule, and on the `installation*` webhooks; and
 * each repository's profile, read again only when its default branch moved.
 */
export function createGithubCatalogDiscovery(options: GithubCatalogDiscoveryOptions): GithubCatalogDiscovery {
  const { octokits, store, redis, logger } = options;
  const now = options.now ?? (() => new Date());
  const intervalMs = options.intervalMs ?? GITHUB_CATALOG_REFRESH_MS;
  const log = logger.child({ component: "bots.github.catalog" });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  async function refreshInstallation(installationId: number): Promise<void> {
    const octokit = await octokits.forInstallation(installationId);
    const repositories = await listInstallationRepositories(octokit, installationId, now());
    await store.replaceListing(listingIdOf(installationId), repositories);
    log.info("bots.github.catalog.listed", {
      installation_id: installationId,
      repositories: repositories.length,
    });
    for (const repository of repositories) {
      if (repository.archived) continue;
      await refreshProfile(installationId, repository).catch((error: unknown) =>
        log.warn("bots.github.catalog.profile_failed", { repo: repository.repo, error: errorMessage(error) }),
      );
    }
  }

  async function refreshProfile(installationId: number, repository: DiscoveredRepository): Promise<void> {
    const octokit = await octokits.forInstallation(installationId);
    const branch = repository.defaultBranch;
    const head = branch ? await readBranchHead(octokit, repository.repo, branch) : undefined;
    const stored = await store.profileOf(repository.repo);
    if (stored && head !== undefined && stored.revision === head) return;
    const profile = await readRepositoryProfile(octokit, {
      repo: repository.repo,
      revision: head,
      now: now(),
    });
    await store.putProfile(profile);
    log.info("bots.github.catalog.profiled", { repo: repository.repo, terms: profile.terms.length });
  }

  async function refreshAll(): Promise<void> {
    const installations = await listInstallations(await octokits.forApp());
    const listed = new Set(installations.map(listingIdOf));
    for (const listing of await store.listings()) {
      if (listing.startsWith("github:") && !listed.has(listing)) await store.removeListing(listing);
    }
    for (const installationId of installations) {
      await refreshInstallation(installationId).catch((error: unknown) =>
        log.warn("bots.github.catalog.refresh_failed", {
          installation_id: installationId,
          error: errorMessage(error),
        }),
      );
    }
  }

  /** One refresh at a time in this process; later ones queue behind it. */
  function serialize(task: () => Promise<void>): Promise<void> {
    const next = running.then(task, task);
    running = next.catch(() => {});
    return next;
  }

  async function leasedRefresh(): Promise<void> {
    const leased = await redis.set(
      options.leaseKey,
      String(process.pid),
      "PX",
      Math.max(1_000, intervalMs - 1_000),
      "NX",
    );
    if (leased !== "OK") return;
    await serialize(refreshAll);
  }

  return {
    refreshAll: () => serialize(refreshAll),
    refreshInstallation: (installationId) => serialize(() => refreshInstallation(installationId)),
    async applyChange(change) {
      const listing = listingIdOf(change.installationId);
      switch (change.kind) {
        case "uninstalled":
          await store.removeListing(listing);
          log.info("bots.github.catalog.uninstalled", { installation_id: change.installationId });
          return;
        case "repositories": {
          // The payload names the repositories but not their facts: they route at once by name,
          // and the refresh below adds descriptions and profiles. One already listed (a redelivery)
          // keeps what GitHub said of it, archived or not, instead of a blank in its place.
          const seenAt = now().toISOString();
          const source = listingSourceOf(change.installationId);
          const listed = new Set(
            (await store.read()).repositories
              .filter((repository) => repository.source === source)
              .map((repository) => repository.repo.toLowerCase()),
          );
          await store.addToListing(
            listing,
            change.added
              .filter((repo) => !listed.has(repo.toLowerCase()))
              .map((repo) => ({
                repo,
                description: "",
                topics: [],
                languages: [],
                archived: false,
                source,
                seenAt,
              })),
          );
          await store.removeFromListing(listing, change.removed);
          break;
        }
        case "installed":
          break;
      }
      void serialize(() => refreshInstallation(change.installationId)).catch((error: unknown) =>
        log.warn("bots.github.catalog.refresh_failed", {
          installation_id: change.installationId,
          error: errorMessage(error),
        }),
      );
    },
    start() {
      const tick = () =>
        leasedRefresh().catch((error: unknown) =>
          log.warn("bots.github.catalog.refresh_failed", { error: errorMessage(error) }),
        );
      void tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async close() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
