import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { targetId } from "@baton/core";
import { targetRepositories } from "../../workspace/target-repositories.js";
import type { SessionState } from "../session-state/session-state.js";
import { createWorktree, resolveBaseBranch } from "./repository-worktree.js";
import { sessionBranchName } from "./session-branch-name.js";
import type { SessionWorkspace } from "./session-workspace.js";
import type { OpenWorkspaceInput } from "./session-workspaces.js";
import { toSessionWorkspace } from "./to-session-workspace.js";
import { recordedRepositories, type SessionWorktree, type WorkspaceContext } from "./workspace-context.js";
import { WORKSPACE_WORK_DIR } from "./workspace-record.js";

/**
 * A session's first turn: a worktree of each repository's base branch (the one the target names,
 * else the catalog's or the remote's default) on the session's new branch, side by side for an
 * environment, an empty folder for no repository; and the session's state, for every worker.
 */
export async function createSessionWorkspace(
  context: WorkspaceContext,
  { sessionId, target, title }: OpenWorkspaceInput,
  signal: AbortSignal,
): Promise<SessionWorkspace> {
  const { stores, git } = context;
  const sessionDir = context.sessionDirOf(sessionId);
  const workDir = join(sessionDir, WORKSPACE_WORK_DIR);
  const branch = sessionBranchName(title, sessionId);
  await rm(sessionDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  const wanted = targetRepositories(target, context.catalog);
  const made: SessionWorktree[] = [];
  try {
    for (const { repo, branch: named } of wanted) {
      const baseBranch = named ?? (await resolveBaseBranch(stores, repo, signal, { git, cwd: context.dir }));
      const dir = join(workDir, ...repo.split("/"));
      const worktree = await createWorktree({ stores, repo, baseBranch, branch, dir, git }, signal);
      made.push({ ...worktree, repo, baseBranch });
    }
  } catch (error) {
    // What was made so far goes, its branches in the stores included.
    const partial = { version: 1 as const, sessionId, kind: "repositories" as const, branch };
    await context.removeLocal({ ...partial, repositories: recordedRepositories(made), owner: "", usedAt: 0 });
    throw error;
  }
  const kind = wanted.length === 0 ? "scratch" : "repositories";
  const state: SessionState = {
    version: 1,
    kind,
    targetId: targetId(target),
    branch,
    repositories: made.map(({ repo, baseBranch, commit }) => ({ repo, baseBranch, baseCommit: commit })),
    requests: [],
    links: {},
  };
  await context.states.save(sessionId, state);
  context.log.info("backends.codex.workspace.created", {
    session_id: sessionId,
    branch,
    repositories: made.length,
  });
  return toSessionWorkspace(context, { sessionId, kind, branch, made, created: true }, signal);
}
