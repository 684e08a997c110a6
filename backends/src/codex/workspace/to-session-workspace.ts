import { realpath } from "node:fs/promises";
import { join } from "node:path";
import type { SessionWorkspace, WorkspaceRepository } from "./session-workspace.js";
import { recordedRepositories, type SessionWorktree, type WorkspaceContext } from "./workspace-context.js";
import { expectGit, workspaceGit } from "./workspace-git.js";
import { WORKSPACE_WORK_DIR, writeWorkspaceRecord } from "./workspace-record.js";

export interface WorkspaceParts {
  sessionId: string;
  kind: SessionWorkspace["kind"];
  branch: string;
  made: readonly SessionWorktree[];
  created: boolean;
}

/**
 * Records the session's folder as used now by this process, and describes it for the turn: each
 * repository at the commit the turn starts from, the agent's root (the one repository, or the
 * folder holding them side by side) and the writable roots.
 */
export async function toSessionWorkspace(
  context: WorkspaceContext,
  { sessionId, kind, branch, made, created }: WorkspaceParts,
  signal: AbortSignal,
): Promise<SessionWorkspace> {
  const sessionDir = context.sessionDirOf(sessionId);
  await writeWorkspaceRecord(sessionDir, {
    version: 1,
    sessionId,
    kind,
    branch,
    repositories: recordedRepositories(made),
  });
  const workDir = await realpath(join(sessionDir, WORKSPACE_WORK_DIR));
  const repositories: WorkspaceRepository[] = [];
  for (const { repo, dir, gitDir, baseBranch } of made) {
    const head = workspaceGit({ dir, gitDir }, ["rev-parse", "HEAD"], signal, { git: context.git });
    const startCommit = await expectGit("rev-parse HEAD", head);
    repositories.push({ repo, dir, gitDir, branch, baseBranch, startCommit });
  }
  const root = repositories.length === 1 ? (repositories[0]?.dir ?? workDir) : workDir;
  // Each repository is a writable root of its own, so the sandbox keeps each one's `.git` read-only.
  const writableRoots = [...new Set([root, ...repositories.map((r) => r.dir)])];
  return { sessionId, root, kind, repositories, created, writableRoots };
}
