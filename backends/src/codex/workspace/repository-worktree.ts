import { mkdir, realpath, rm } from "node:fs/promises";
import { dirname } from "node:path";
import type { HeldStore, RepositoryStores } from "../../workspace/repository-stores.js";
import { runGit } from "../../workspace/run-git.js";
import { expectGit, WORKSPACE_GIT_TIMEOUT_MS, WorkspaceGitError, workspaceGit } from "./workspace-git.js";

/** Commits fetched per branch: enough for the ancestry checks between the pushed branch and a worktree. */
export const SESSION_FETCH_DEPTH = 50;
/** Asking the remote for its default branch is one small request. */
const LS_REMOTE_TIMEOUT_MS = 60_000;

export interface WorktreeRef {
  stores: RepositoryStores;
  repo: string;
  baseBranch: string;
  branch: string;
  /** Where the worktree lives (its parent folders are made). */
  dir: string;
  git?: string;
}

export interface MadeWorktree {
  dir: string;
  gitDir: string;
  commit: string;
}

/** Fetches `ref` from the repository's remote into the store: the commit it is at, or null when the remote has no such ref. */
export async function fetchRef(store: HeldStore, ref: string, signal: AbortSignal): Promise<string | null> {
  const fetched = await store.gitRemote(
    ["fetch", "--quiet", "--no-tags", `--depth=${SESSION_FETCH_DEPTH}`, "--", store.source.url, ref],
    signal,
  );
  if (fetched.exitCode !== 0) {
    if (/couldn't find remote ref|not our ref/i.test(fetched.stderr)) return null;
    throw new WorkspaceGitError(
      `git fetch of ${store.repo} exited ${fetched.exitCode}: ${fetched.stderr.trim()}`,
    );
  }
  return expectGit("rev-parse FETCH_HEAD", store.git(["rev-parse", "FETCH_HEAD"], signal));
}

/**
 * The branch a session starts from when the target names none: the catalog's `defaultBranch`,
 * else the remote's own default (its `HEAD`).
 */
export async function resolveBaseBranch(
  stores: RepositoryStores,
  repo: string,
  signal: AbortSignal,
  { git = "git", cwd }: { git?: string; cwd: string },
): Promise<string> {
  const source = stores.source(repo);
  if (source.defaultBranch) return source.defaultBranch;
  const auth = await stores.authFor(repo, signal);
  const listed = await runGit({
    git,
    args: ["ls-remote", "--symref", "--", source.url, "HEAD"],
    cwd,
    ...(auth ? { env: auth } : {}),
    signal,
    timeoutMs: LS_REMOTE_TIMEOUT_MS,
  });
  const branch = /^ref: refs\/heads\/(\S+)\tHEAD$/m.exec(listed.stdout)?.[1];
  if (listed.exitCode !== 0 || !branch)
    throw new WorkspaceGitError(`could not read the default branch of ${repo}: ${listed.stderr.trim()}`);
  return branch;
}

/** Adds the session's worktree at `commit` on its branch (made, or moved there if the store kept it). */
async function addWorktree(
  store: HeldStore,
  ref: WorktreeRef,
  commit: string,
  signal: AbortSignal,
): Promise<MadeWorktree> {
  await store.git(["worktree", "prune"], signal);
  await mkdir(dirname(ref.dir), { recursive: true });
  await expectGit(
    "worktree add",
    store.git(["worktree", "add", "--quiet", "--no-track", "-B", ref.branch, ref.dir, commit], signal),
  );
  const dir = await realpath(ref.dir);
  // Asked of the worktree just made, before any command of the agent ran in it.
  const gitDir = await expectGit(
    "rev-parse --absolute-git-dir",
    runGit({
      git: ref.git ?? "git",
      args: ["rev-parse", "--absolute-git-dir"],
      cwd: dir,
      signal,
      timeoutMs: WORKSPACE_GIT_TIMEOUT_MS,
    }),
  );
  return { dir, gitDir, commit };
}

/** The first turn: a worktree of the base branch's tip on the session's new branch. */
export function createWorktree(ref: WorktreeRef, signal: AbortSignal): Promise<MadeWorktree> {
  return ref.stores.withStore(ref.repo, ref.baseBranch, signal, async (store) => {
    const base = await fetchRef(store, ref.baseBranch, signal);
    if (!base) throw new WorkspaceGitError(`${ref.repo} has no branch ${ref.baseBranch}`);
    return addWorktree(store, ref, base, signal);
  });
}

/**
 * A later turn on a worker without the workspace: the pushed branch, or the session's base
 * commit when nothing was pushed yet (the base branch's tip if the store no longer has it).
 */
export function restoreWorktree(
  ref: WorktreeRef & { baseCommit: string; pushed: boolean },
  signal: AbortSignal,
): Promise<MadeWorktree & { from: "pushed_branch" | "base" }> {
  return ref.stores.withStore(ref.repo, ref.baseBranch, signal, async (store) => {
    const pushed = ref.pushed ? await fetchRef(store, `refs/heads/${ref.branch}`, signal) : null;
    if (pushed) return { ...(await addWorktree(store, ref, pushed, signal)), from: "pushed_branch" as const };
    const tip = await fetchRef(store, ref.baseBranch, signal);
    const hasBase =
      (await store.git(["cat-file", "-e", `${ref.baseCommit}^{commit}`], signal)).exitCode === 0;
    const start = hasBase ? ref.baseCommit : tip;
    if (!start) throw new WorkspaceGitError(`${ref.repo} has no branch ${ref.baseBranch}`);
    return { ...(await addWorktree(store, ref, start, signal)), from: "base" as const };
  });
}

/** What bringing a kept worktree up to date did. */
export type SyncResult = "current" | "fast_forwarded" | "kept_local_commits" | "reset_to_remote";

/**
 * A later turn on the worker that has the workspace: what a stopped or failed turn left
 * uncommitted goes (every worker starts a turn from the branch), and the worktree moves to the
 * pushed branch when someone (a person, another worker) pushed to it since. Commits Baton could
 * not push stay unless the branch went another way.
 */
export function syncWorktree(
  ref: WorktreeRef & { gitDir: string; pushed: boolean },
  signal: AbortSignal,
): Promise<SyncResult> {
  const target = { dir: ref.dir, gitDir: ref.gitDir };
  const git = (args: string[]) => workspaceGit(target, args, signal, ref.git ? { git: ref.git } : {});
  return ref.stores.withStore(ref.repo, ref.baseBranch, signal, async (store) => {
    await expectGit("reset --hard", git(["reset", "--quiet", "--hard", "HEAD"]));
    await expectGit("clean", git(["clean", "-fdq"]));
    if (!ref.pushed) return "current";
    const remote = await fetchRef(store, `refs/heads/${ref.branch}`, signal);
    const local = await expectGit("rev-parse HEAD", git(["rev-parse", "HEAD"]));
    if (!remote || remote === local) return "current";
    const isAncestor = async (a: string, b: string) =>
      (await git(["merge-base", "--is-ancestor", a, b])).exitCode === 0;
    if (await isAncestor(remote, local)) return "kept_local_commits";
    const fastForward = await isAncestor(local, remote);
    await expectGit("reset to the pushed branch", git(["reset", "--quiet", "--hard", remote]));
    return fastForward ? "fast_forwarded" : "reset_to_remote";
  });
}

/** Removes the worktree and the session's branch from the store. */
export function removeWorktree(ref: WorktreeRef, signal: AbortSignal): Promise<void> {
  return ref.stores.withStore(ref.repo, ref.baseBranch, signal, async (store) => {
    await store.git(["worktree", "remove", "--force", ref.dir], signal);
    await rm(ref.dir, { recursive: true, force: true });
    await store.git(["worktree", "prune"], signal);
    await store.git(["branch", "--quiet", "-D", ref.branch], signal);
  });
}
