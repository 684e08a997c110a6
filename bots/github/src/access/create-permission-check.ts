import { createTtlCache, type Logger } from "@baton/core";
import type { InstallationOctokits } from "../octokit/create-installation-octokits.js";

/** A repository permission is looked up at most this often per person and repository. */
export const PERMISSION_CACHE_TTL_MS = 60_000;
/** Cached answers kept at most; the oldest go first. */
const PERMISSION_CACHE_MAX_ENTRIES = 10_000;
/** The roles that may start sessions: they can push to the repository. */
const WRITE_ROLES = new Set(["admin", "maintain", "write"]);

export type PermissionAnswer =
  | { canWrite: true; via: "permission" | "allowlist" }
  | { canWrite: false; role: string };

interface PermissionQuestion {
  installationId: number;
  repo: string;
  login: string;
}

export interface PermissionCheck {
  /** Whether `login` may start sessions on `repo` (write, maintain or admin there, or on the allowlist). */
  canWrite(input: PermissionQuestion): Promise<PermissionAnswer>;
}

/**
 * Asks GitHub for a person's permission on a repository (`GET …/collaborators/{user}/permission`)
 * through the App's installation, and remembers the answer briefly: a busy PR asks once a minute,
 * not once a comment, and comments asking at once share one request. A repository the
 * installation cannot see answers "none".
 */
export function createPermissionCheck({
  octokits,
  allowlist,
  logger,
  ttlMs = PERMISSION_CACHE_TTL_MS,
  nowMs = Date.now,
}: {
  octokits: InstallationOctokits;
  allowlist: readonly string[];
  logger: Logger;
  ttlMs?: number;
  nowMs?: () => number;
}): PermissionCheck {
  const allowed = new Set(allowlist.map((login) => login.toLowerCase()));
  const log = logger.child({ component: "bots.github.permissions" });
  const roleOf = createTtlCache(
    async ({ installationId, repo, login }: PermissionQuestion) => {
      const [owner = "", name = ""] = repo.split("/");
      const octokit = await octokits.forInstallation(installationId);
      try {
        const { data } = await octokit.request(
          "GET /repos/{owner}/{repo}/collaborators/{username}/permission",
          { owner, repo: name, username: login },
        );
        return data.role_name || data.permission;
      } catch (error) {
        const status = (error as { status?: number }).status;
        // 404: the person or the repository is unknown to this installation; 403: it may not ask.
        if (status !== 404 && status !== 403) throw error;
        log.info("bots.github.permission_unknown", { repo, status });
        return "none";
      }
    },
    {
      ttlMs,
      maxEntries: PERMISSION_CACHE_MAX_ENTRIES,
      now: nowMs,
      // GitHub compares names without case.
      keyOf: ({ installationId, repo, login }) =>
        `${installationId}\u0000${repo}\u0000${login}`.toLowerCase(),
    },
  );

  return {
    async canWrite({ installationId, repo, login }) {
      if (allowed.has(login.toLowerCase())) return { canWrite: true, via: "allowlist" };
      const role = await roleOf({ installationId, repo, login });
      return WRITE_ROLES.has(role) ? { canWrite: true, via: "permission" } : { canWrite: false, role };
    },
  };
}
