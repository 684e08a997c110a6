import { type Catalog, createTtlCache, type Logger } from "@baton/core";
import type { InstallationOctokits } from "../octokit/create-installation-octokits.js";
import {
  GITHUB_SETTINGS_PATH,
  type GithubRepoSettings,
  resolveGithubRepoSettings,
} from "./github-repo-settings.js";

/** A repository's `.github/baton.yml` is read at most this often per worker. */
export const GITHUB_SETTINGS_CACHE_TTL_MS = 60_000;
/** Repositories whose settings are kept at most; the oldest go first. */
const GITHUB_SETTINGS_CACHE_MAX_ENTRIES = 10_000;

interface GithubSettingsInput {
  installationId: number;
  owner: string;
  repo: string;
}

export interface GithubSettingsReader {
  /** The settings in force for `owner/repo`: its `.github/baton.yml` over the catalog. */
  read(input: GithubSettingsInput): Promise<GithubRepoSettings>;
}

/**
 * Reads a repository's `.github/baton.yml` as Probot's `context.config` does (`_extends` and the
 * owner's `.github` repository: up to two requests when the file is absent) and remembers the
 * settings for a minute, so that a busy repository's turns do not read an unchanged file again
 * each. Turns asking at once share one read; a read that fails is not remembered.
 */
export function createGithubSettingsReader({
  octokits,
  catalog,
  logger,
  ttlMs = GITHUB_SETTINGS_CACHE_TTL_MS,
  now = Date.now,
}: {
  octokits: InstallationOctokits;
  catalog: Catalog;
  logger: Logger;
  ttlMs?: number;
  now?: () => number;
}): GithubSettingsReader {
  const log = logger.child({ component: "bots.github.settings" });
  const settingsOf = createTtlCache(
    async ({ installationId, owner, repo }: GithubSettingsInput) => {
      const octokit = await octokits.forInstallation(installationId);
      const { config } = await octokit.config.get({ owner, repo, path: GITHUB_SETTINGS_PATH });
      const read = resolveGithubRepoSettings(
        Object.keys(config).length > 0 ? config : null,
        catalog,
        `${owner}/${repo}`,
      );
      if (read.kind === "invalid")
        log.warn("bots.github.settings_invalid", { repo: `${owner}/${repo}`, paths: read.paths });
      return read.settings;
    },
    {
      ttlMs,
      maxEntries: GITHUB_SETTINGS_CACHE_MAX_ENTRIES,
      now,
      // GitHub compares names without case.
      keyOf: ({ installationId, owner, repo }) => `${installationId}\u0000${owner}/${repo}`.toLowerCase(),
    },
  );

  return { read: settingsOf };
}
