import { type GitResult, runGit } from "../../workspace/run-git.js";

/** How long one local git step in a workspace (add, commit, diff, reset) may take. */
export const WORKSPACE_GIT_TIMEOUT_MS = 120_000;

/**
 * Configuration that keeps Baton's own git from running anything the workspace could name: no
 * hooks, no fsmonitor, no signing prompts, and no housekeeping. The agent's commands could write a `.git` file or a
 * `.gitattributes`, never git's configuration (the git directory is outside the writable roots).
 */
const SAFE_CONFIG = [
  "-c",
  "core.hooksPath=/dev/null",
  "-c",
  "core.fsmonitor=false",
  "-c",
  "commit.gpgsign=false",
  "-c",
  "core.quotePath=false",
  // The store is shared by other sessions' worktrees and fetched into under its lock: no
  // housekeeping from a commit in one of them (the store's own fetches run it, under the lock).
  "-c",
  "gc.auto=0",
  "-c",
  "maintenance.auto=false",
];

export interface WorkspaceGitTarget {
  /** The worktree. */
  dir: string;
  /** Its git directory in the repository store. */
  gitDir: string;
}

export interface WorkspaceGitOptions {
  git?: string;
  env?: Record<string, string>;
  maxOutputBytes?: number;
  timeoutMs?: number;
}

/**
 * git in a session's worktree, with its git directory and work tree given explicitly: the
 * worktree's own `.git` file is never read, so a rewritten one cannot point Baton's git at a
 * repository (and configuration) of the agent's making.
 */
export function workspaceGit(
  target: WorkspaceGitTarget,
  args: readonly string[],
  signal: AbortSignal,
  { git = "git", env, maxOutputBytes, timeoutMs = WORKSPACE_GIT_TIMEOUT_MS }: WorkspaceGitOptions = {},
): Promise<GitResult> {
  return runGit({
    git,
    args: [...SAFE_CONFIG, `--git-dir=${target.gitDir}`, `--work-tree=${target.dir}`, ...args],
    cwd: target.dir,
    ...(env ? { env } : {}),
    ...(maxOutputBytes ? { maxOutputBytes } : {}),
    signal,
    timeoutMs,
  });
}

/** A git step that must succeed: its output, or an error naming the step (git's message goes to the log, not a thread). */
export async function expectGit(step: string, result: Promise<GitResult>): Promise<string> {
  const done = await result;
  if (done.exitCode !== 0)
    throw new WorkspaceGitError(`git ${step} exited ${done.exitCode}: ${done.stderr.trim().slice(0, 500)}`);
  return done.stdout.trim();
}

export class WorkspaceGitError extends Error {
  override name = "WorkspaceGitError";
}
