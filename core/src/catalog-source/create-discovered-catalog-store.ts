import type { Redis } from "ioredis";
import type { Logger } from "../contracts/logger.js";
import type { RedisKeys } from "../store/redis-keys.js";
import type { CatalogSnapshot, CatalogSource } from "./catalog-source.js";
import { type DiscoveredRepository, discoveredRepositorySchema } from "./discovered-repository.js";
import { type RepositoryProfile, repositoryProfileSchema } from "./repository-profile.js";

/**
 * The discovered part of the catalog in Redis, written by the bots that list repositories and read
 * by every worker. One hash of repositories per listing (`sourceId`: one installation of an App),
 * one hash of profiles, and a version counter bumped by every change, so that a worker asks one
 * GET before each classification and reads the rest only when it moved. A repository's profile
 * (what its README and manifests say) goes with it when it leaves its listing: nothing of a
 * repository Baton may no longer read stays behind, and every worker stops reading it.
 */
export interface DiscoveredCatalogStore extends CatalogSource {
  /** Makes `repositories` the whole listing of `sourceId` (a full refresh). */
  replaceListing(sourceId: string, repositories: readonly DiscoveredRepository[]): Promise<void>;
  /** Adds to (or updates in) the listing of `sourceId` without reading the rest again. */
  addToListing(sourceId: string, repositories: readonly DiscoveredRepository[]): Promise<void>;
  removeFromListing(sourceId: string, repos: readonly string[]): Promise<void>;
  /** Forgets a whole listing (the App was uninstalled). */
  removeListing(sourceId: string): Promise<void>;
  /** The listings there are, for a refresh that must also drop the ones that are gone. */
  listings(): Promise<string[]>;
  putProfile(profile: RepositoryProfile): Promise<void>;
  profileOf(repo: string): Promise<RepositoryProfile | undefined>;
}

export function createDiscoveredCatalogStore({
  redis,
  keys,
  logger,
}: {
  redis: Redis;
  keys: RedisKeys;
  logger: Logger;
}): DiscoveredCatalogStore {
  const log = logger.child({ component: "core.catalog_source" });
  // One hash tag for every key, so that the MULTI below stays in one Redis Cluster slot.
  const key = (...parts: string[]) => keys.scoped("{catalog}", ...parts);
  const versionKey = key("version");
  const listingsKey = key("listings");
  const profilesKey = key("profiles");
  const listingKey = (sourceId: string) => key("listing", sourceId);
  const fields = (repositories: readonly DiscoveredRepository[]) =>
    repositories.flatMap((r) => [r.repo.toLowerCase(), JSON.stringify(r)]);

  /** Reads a hash of JSON values back, dropping (and logging) what no longer parses. */
  function parseAll<T>(values: string[], parse: (value: unknown) => T | undefined, what: string): T[] {
    return values.flatMap((raw) => {
      try {
        const value = parse(JSON.parse(raw));
        if (value !== undefined) return [value];
      } catch {}
      log.warn("core.catalog_source.unreadable_entry", { what });
      return [];
    });
  }
  const parseRepository = (value: unknown) => discoveredRepositorySchema.safeParse(value).data;
  const parseProfile = (value: unknown) => repositoryProfileSchema.safeParse(value).data;

  /** The repositories (lowercased) of `sourceId`'s listing that are not in `kept`. */
  async function listedExcept(sourceId: string, kept: ReadonlySet<string> = new Set()): Promise<string[]> {
    return (await redis.hkeys(listingKey(sourceId))).filter((repo) => !kept.has(repo));
  }

  return {
    async replaceListing(sourceId, repositories) {
      const gone = await listedExcept(sourceId, new Set(repositories.map((r) => r.repo.toLowerCase())));
      const multi = redis.multi().del(listingKey(sourceId)).sadd(listingsKey, sourceId);
      if (repositories.length > 0) multi.hset(listingKey(sourceId), ...fields(repositories));
      if (gone.length > 0) multi.hdel(profilesKey, ...gone);
      await multi.incr(versionKey).exec();
    },
    async addToListing(sourceId, repositories) {
      if (repositories.length === 0) return;
      await redis
        .multi()
        .sadd(listingsKey, sourceId)
        .hset(listingKey(sourceId), ...fields(repositories))
        .incr(versionKey)
        .exec();
    },
    async removeFromListing(sourceId, repos) {
      if (repos.length === 0) return;
      const gone = repos.map((r) => r.toLowerCase());
      await redis
        .multi()
        .hdel(listingKey(sourceId), ...gone)
        .hdel(profilesKey, ...gone)
        .incr(versionKey)
        .exec();
    },
    async removeListing(sourceId) {
      const gone = await listedExcept(sourceId);
      const multi = redis.multi().del(listingKey(sourceId)).srem(listingsKey, sourceId);
      if (gone.length > 0) multi.hdel(profilesKey, ...gone);
      await multi.incr(versionKey).exec();
    },
    listings: () => redis.smembers(listingsKey),
    async putProfile(profile) {
      await redis
        .multi()
        .hset(profilesKey, profile.repo.toLowerCase(), JSON.stringify(profile))
        .incr(versionKey)
        .exec();
    },
    async profileOf(repo) {
      const raw = await redis.hget(profilesKey, repo.toLowerCase());
      return raw === null ? undefined : parseAll([raw], parseProfile, "profile")[0];
    },
    version: async () => (await redis.get(versionKey)) ?? "0",
    async read(): Promise<CatalogSnapshot> {
      // The version is read first: a change racing the reads bumps it again, and the next
      // classification reads once more.
      const version = (await redis.get(versionKey)) ?? "0";
      const listings = (await redis.smembers(listingsKey)).sort();
      const repositories: DiscoveredRepository[] = [];
      for (const sourceId of listings) {
        const values = Object.values(await redis.hgetall(listingKey(sourceId)));
        repositories.push(...parseAll(values, parseRepository, "repository"));
      }
      const profiles = parseAll(Object.values(await redis.hgetall(profilesKey)), parseProfile, "profile");
      return { version, repositories, profiles };
    },
  };
}
