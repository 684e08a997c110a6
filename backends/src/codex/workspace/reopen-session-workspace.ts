import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { SessionState } from "../session-state/session-state.js";
import { restoreWorktree, syncWorktree } from "./repository-worktree.js";
import { restartAfterMerge } from "./restart-after-merge.js";
import type { SessionWorkspace } from "./session-workspace.js";
import { toSessionWorkspace } from "./to-session-workspace.js";
import type { SessionWorktree, WorkspaceContext } from "./workspace-context.js";
import { WORKSPACE_WORK_DIR, type WorkspaceRecord } from "./workspace-record.js";

/**
 * A later turn: this worker's copy of each repository, brought up to the pushed branch, or a copy
 * restored from the pushed branch (from the base when nothing was pushed yet) on a worker that
 * has none. Commits someone else pushed become what the next push builds on.
 */
export async function reopenSessionWorkspace(
  context: WorkspaceContext,
  { sessionId, state, record }: { sessionId: string; state: SessionState; record: WorkspaceRecord | null },
  signal: AbortSignal,
): Promise<SessionWorkspace> {
  const { stores, git, log } = context;
  const workDir = join(context.sessionDirOf(sessionId), WORKSPACE_WORK_DIR);
  const kept = record?.branch === state.branch && record.kind === state.kind ? record : null;
  if (record && !kept) await context.removeLocal(record);
  let created = !kept || !existsSync(workDir);
  await mkdir(workDir, { recursive: true });
  const made: SessionWorktree[] = [];
  // Repositories whose worktree now stands where the remote branch is (someone may have pushed to it).
  const atRemote = new Set<string>();
  // Repositories whose worktree this worker kept: only these can hold commits a push left behind.
  const reused = new Set<string>();
  // Repositories starting over after their pull request was merged: the remote commit to replace.
  const restarted = new Map<string, string>();
  for (const repoState of state.repositories) {
    const { repo, baseBranch, baseCommit, pushedCommit } = repoState;
    const ref = { stores, repo, baseBranch, branch: state.branch, git, pushed: Boolean(pushedCommit) };
    const local = kept?.repositories.find((r) => r.repo === repo);
    let worktree: SessionWorktree;
    if (local && existsSync(local.dir) && existsSync(local.gitDir)) {
      const synced = await syncWorktree({ ...ref, dir: local.dir, gitDir: local.gitDir }, signal);
      log.info("backends.codex.workspace.reused", { session_id: sessionId, repo, sync: synced });
      if (synced === "fast_forwarded" || synced === "reset_to_remote") atRemote.add(repo);
      reused.add(repo);
      worktree = { repo, baseBranch, dir: local.dir, gitDir: local.gitDir, commit: "" };
    } else {
      const dir = join(workDir, ...repo.split("/"));
      const restored = await restoreWorktree({ ...ref, dir, baseCommit }, signal);
      log.info("backends.codex.workspace.restored", { session_id: sessionId, repo, from: restored.from });
      if (restored.from === "pushed_branch") atRemote.add(repo);
      worktree = { ...restored, repo, baseBranch };
      created = true;
    }
    made.push(worktree);
    const replaces = await restartAfterMerge(
      context,
      { sessionId, repoState, branch: state.branch, worktree },
      signal,
    );
    if (replaces !== null) restarted.set(repo, replaces);
  }
  const parts = { sessionId, kind: state.kind, branch: state.branch, made, created };
  const workspace = await toSessionWorkspace(context, parts, signal);
  for (const repository of workspace.repositories) {
    const repoState = state.repositories.find((r) => r.repo === repository.repo);
    if (!repoState) continue;
    const replaces = restarted.get(repository.repo);
    if (replaces !== undefined) {
      // Nothing of the merged branch is to be pushed again; what the remote holds is replaced.
      repository.replacesBranchAt = replaces;
      repository.unpushed = false;
      continue;
    }
    if (atRemote.has(repository.repo)) repoState.pushedCommit = repository.startCommit;
    repository.unpushed =
      reused.has(repository.repo) &&
      repository.startCommit !== (repoState.pushedCommit ?? repoState.baseCommit);
  }
  // Saved on every turn: the session's state lives as long as the session is used.
  await context.states.save(sessionId, state);
  return workspace;
}
