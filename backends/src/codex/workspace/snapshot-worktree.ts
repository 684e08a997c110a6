import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { GitResult } from "../../workspace/run-git.js";
import type { WorkspaceRepository } from "./session-workspace.js";
import { expectGit, workspaceGit } from "./workspace-git.js";

type WorktreeTarget = Pick<WorkspaceRepository, "dir" | "gitDir">;

/**
 * Runs `read` over an index of its own (in the git directory, outside the agent's reach) that
 * holds the whole worktree as git would stage it, new files too: nothing is staged in the
 * worktree's own index, and what the agent did to that index does not count.
 */
async function withWorktreeIndex<T>(
  repository: WorktreeTarget,
  name: string,
  signal: AbortSignal,
  git: string,
  read: (run: (args: string[]) => Promise<GitResult>) => Promise<T>,
): Promise<T> {
  const index = join(repository.gitDir, `baton-${name}.index`);
  const run = (args: string[]) =>
    workspaceGit(repository, args, signal, { git, env: { GIT_INDEX_FILE: index } });
  try {
    await expectGit("read-tree", run(["read-tree", "HEAD"]));
    await expectGit("add", run(["add", "--all"]));
    return await read(run);
  } finally {
    await rm(index, { force: true });
  }
}

/**
 * The worktree as it stands, written as a tree object: what a turn's changes are measured from
 * once `.baton/setup.sh` has run, so that what the setup wrote (a rewritten lockfile, a file the
 * repository does not ignore) is never taken for the agent's work.
 */
export function snapshotWorktree(
  repository: WorktreeTarget,
  signal: AbortSignal,
  { git = "git" }: { git?: string } = {},
): Promise<string> {
  return withWorktreeIndex(repository, "snapshot", signal, git, (run) =>
    expectGit("write-tree", run(["write-tree"])),
  );
}

/** The paths that differ between `baseline` (a tree from `snapshotWorktree`) and the worktree now. */
export function pathsChangedSince(
  repository: WorktreeTarget,
  baseline: string,
  signal: AbortSignal,
  { git = "git" }: { git?: string } = {},
): Promise<string[]> {
  return withWorktreeIndex(repository, "changed", signal, git, async (run) => {
    const names = await expectGit(
      "diff --name-only",
      run(["diff", "--cached", "--name-only", "--no-renames", "-z", baseline]),
    );
    return names.split("\0").filter(Boolean);
  });
}
