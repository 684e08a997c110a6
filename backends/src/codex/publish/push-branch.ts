import type { RepositoryStores } from "../../workspace/repository-stores.js";
import type { WorkspaceRepository } from "../workspace/session-workspace.js";
import { classifyPushRefusal } from "./classify-push-refusal.js";
import type { PushRefusedReason } from "./publish-outcome.js";

export type PushResult = { ok: true } | { ok: false; reason: PushRefusedReason; message: string };

/**
 * Pushes `commit` to the session's branch on the repository's remote (never forced: a branch
 * that moved under Baton is refused, not overwritten), from the repository store with the
 * installation token in git's environment when the remote is the git host. A branch starting
 * over after its pull request was merged replaces the merged commits, and only those: the push
 * leases the commit the remote was seen at, so that one someone pushed since is refused.
 */
export function pushBranch(
  {
    stores,
    repository,
    commit,
  }: { stores: RepositoryStores; repository: WorkspaceRepository; commit: string },
  signal: AbortSignal,
): Promise<PushResult> {
  return stores.withStore(repository.repo, repository.baseBranch, signal, async (store) => {
    const ref = `refs/heads/${repository.branch}`;
    const lease =
      repository.replacesBranchAt === undefined
        ? []
        : [`--force-with-lease=${ref}:${repository.replacesBranchAt}`];
    const pushed = await store.gitRemote(
      ["push", "--quiet", ...lease, "--", store.source.url, `${commit}:${ref}`],
      signal,
    );
    if (pushed.exitCode === 0) return { ok: true };
    return { ok: false, ...classifyPushRefusal(`${pushed.stderr}\n${pushed.stdout}`) };
  });
}
