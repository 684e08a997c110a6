import { rm } from "node:fs/promises";
import type { Logger } from "@baton/core";
import { errorMessage } from "@baton/core";
import type { RepositoryStores } from "../../workspace/repository-stores.js";
import { removeWorktree } from "./repository-worktree.js";
import type { WorkspaceRecord } from "./workspace-record.js";

const REMOVE_WORKTREE_TIMEOUT_MS = 60_000;

/**
 * Removes a session's folder and what it holds in the repository stores (its worktrees and its
 * branch): the pushed branch on the remote and the session state stay, so a later turn restores it.
 */
export async function removeWorkspaceFolder({
  sessionDir,
  record,
  stores,
  logger,
}: {
  sessionDir: string;
  record: WorkspaceRecord;
  stores: RepositoryStores;
  logger: Logger;
}): Promise<void> {
  for (const { repo, dir, baseBranch } of record.repositories) {
    const signal = AbortSignal.timeout(REMOVE_WORKTREE_TIMEOUT_MS);
    await removeWorktree({ stores, repo, baseBranch, branch: record.branch, dir }, signal).catch(
      (error: unknown) =>
        logger.warn("backends.codex.workspace.remove_failed", {
          session_id: record.sessionId,
          repo,
          error: errorMessage(error),
        }),
    );
  }
  await rm(sessionDir, { recursive: true, force: true });
}
