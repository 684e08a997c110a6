import type { RepositoryStores } from "../../workspace/repository-stores.js";
import type { WorkspaceRepository } from "../workspace/session-workspace.js";
import { classifyPushRefusal } from "./classify-push-refusal.js";
import type { PushRefusedReason } from "./publish-outcome.js";

export type PushResult = { ok: true } | { ok: false; reason: PushRefusedReason; message: string };

/**
 * Pushes `commit` to the session's branch on the repository's remote (never forced: a branch
 * that moved under Baton is refused, not overwritten), from the repository store with the
 * installation token in git's environment when the remote is the git host.
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
    const pushed = await store.gitRemote(
      ["push", "--quiet", "--", store.source.url, `${commit}:refs/heads/${repository.branch}`],
      signal,
    );
    if (pushed.exitCode === 0) return { ok: true };
    return { ok: false, ...classifyPushRefusal(`${pushed.stderr}\n${pushed.stdout}`) };
  });
}
