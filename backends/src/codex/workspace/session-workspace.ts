/** One repository of a session's workspace: a git worktree on the session's branch. */
export interface WorkspaceRepository {
  repo: string;
  /** The worktree (a real path): what the agent sees and changes. */
  dir: string;
  /** The session's branch, `baton/<slug>-<short session id>`. */
  branch: string;
  /** The branch the session started from, and its pull request's base. */
  baseBranch: string;
  /**
   * The worktree's git directory, inside the repository store and outside every writable root:
   * Baton runs its own git with it explicitly, never trusting the worktree's `.git` file, which
   * the agent's commands may have rewritten.
   */
  gitDir: string;
  /** The commit the worktree was at when this turn opened it: the turn's diff starts here. */
  startCommit: string;
  /**
   * The worktree holds commits of Baton's that the remote does not have (an earlier turn's push
   * was refused): the turn pushes them again even when it changes nothing itself.
   */
  unpushed?: boolean;
  /**
   * The session's pull request was merged, and this turn starts over from the base branch's tip:
   * the commit the remote branch is at, which the next push replaces (empty: the branch is gone).
   */
  replacesBranchAt?: string;
  /**
   * When `.baton/setup.sh` ran in this turn: the worktree after it (a tree), which the turn's
   * diff and commit start from instead, so that what the setup wrote is not the agent's work.
   */
  baseline?: string;
}

/** A session's workspace as a turn gets it from `SessionWorkspaces.open`. */
export interface SessionWorkspace {
  sessionId: string;
  /** The agent's working directory: one repository's worktree, the folder holding an environment's side by side, or a scratch folder. */
  root: string;
  /** `scratch`: target "none", an empty folder that never gets a pull request. */
  kind: "repositories" | "scratch";
  repositories: WorkspaceRepository[];
  /** Whether this open() made the folder (new, or restored on this worker): `.baton/setup.sh` runs then. */
  created: boolean;
  /** Where the agent's commands may write. */
  writableRoots: string[];
}
