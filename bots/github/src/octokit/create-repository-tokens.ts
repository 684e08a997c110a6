import type { Logger, RepositoryTokenProvider } from "@baton/core";
import type { InstallationOctokits } from "./create-installation-octokits.js";

/** How long a repository's installation (or its absence) is remembered: installs and removals show up after this. */
export const INSTALLATION_LOOKUP_TTL_MS = 5 * 60_000;

interface CachedInstallation {
  installationId: number | undefined;
  expiresAt: number;
}

/**
 * Installation tokens by repository, for agent backends that fetch code: the App's installation on
 * `owner/name` (`GET /repos/{owner}/{repo}/installation`, as the App), then that installation's
 * token, which Probot caches and renews before it expires. A repository the App is not installed
 * on has no token (undefined), so public repositories still fetch anonymously.
 */
export function createRepositoryTokens({
  octokits,
  logger,
  now = Date.now,
}: {
  octokits: Pick<InstallationOctokits, "forApp" | "forInstallation">;
  logger: Logger;
  now?: () => number;
}): RepositoryTokenProvider {
  const log = logger.child({ component: "bots.github" });
  const installations = new Map<string, CachedInstallation>();

  async function installationOf(repo: string, signal: AbortSignal): Promise<number | undefined> {
    const cached = installations.get(repo);
    if (cached && cached.expiresAt > now()) return cached.installationId;
    const [owner, name] = repo.split("/");
    if (!owner || !name) return undefined;
    const app = await octokits.forApp();
    let installationId: number | undefined;
    try {
      const { data } = await app.request("GET /repos/{owner}/{repo}/installation", {
        owner,
        repo: name,
        request: { signal },
      });
      installationId = data.id;
    } catch (error) {
      if ((error as { status?: number }).status !== 404) throw error;
      log.info("bots.github.repository_not_installed", { repo });
    }
    installations.set(repo, { installationId, expiresAt: now() + INSTALLATION_LOOKUP_TTL_MS });
    return installationId;
  }

  return {
    async tokenFor(repo, signal) {
      signal.throwIfAborted();
      const installationId = await installationOf(repo, signal);
      if (installationId === undefined) return undefined;
      const octokit = await octokits.forInstallation(installationId);
      signal.throwIfAborted();
      const auth = (await octokit.auth({ type: "installation" })) as { token: string };
      return auth.token;
    },
  };
}
