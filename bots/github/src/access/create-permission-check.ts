import { createTtlCache, type Logger } from "@baton/core";
import type { InstallationOctokits } from "../octokit/create-installation-octokits.js";

/** A repository permission is looked up at most this often per person and repository. */
export const PERMISSION_CACHE_TTL_MS = 60_000;
/** Cached answers kept at most; the oldest go first. */
const PERMISSION_CACHE_MAX_ENTRIES = 10_000;
/** GitHub's repository roles, least first; a person needs at least the policy's (`write` by default). */
const ROLE_RANKS = ["none", "read", "triage", "write", "maintain", "admin"] as const;
export type GithubRole = (typeof ROLE_RANKS)[number];
const rankOf = (role: string) => ROLE_RANKS.indexOf(role as GithubRole);

export type PermissionAnswer =
  | { canWrite: true; via: "permission" | "allowlist" }
  | { canWrite: false; role: string; needs: Exclude<GithubRole, "none"> };

interface PermissionQuestion {
  installationId: number;
  repo: string;
  login: string;
}

export interface PermissionCheck {
  /** Whether `login` may start sessions on `repo` (the least role the policy asks for there, or on the allowlist). */
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
  minimumPermission = "write",
  logger,
  ttlMs = PERMISSION_CACHE_TTL_MS,
  nowMs = Date.now,
}: {
  octokits: InstallationOctokits;
  allowlist: readonly string[];
  /** `access.github.minimumPermission`: the least role that may start sessions. */
  minimumPermission?: Exclude<GithubRole, "none">;
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
        // A custom role's name ranks nowhere: the base permission it grants does.
        return rankOf(data.role_name) >= 0 ? data.role_name : data.permission;
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
      return rankOf(role) >= rankOf(minimumPermission)
        ? { canWrite: true, via: "permission" }
        : { canWrite: false, role, needs: minimumPermission };
    },
  };
}
