import type { Catalog, Logger } from "@baton/core";
import type { RepositoryStores } from "../../workspace/repository-stores.js";
import type { SessionStateStore } from "../session-state/session-state-store.js";
import type { MadeWorktree } from "./repository-worktree.js";
import type { MergedPullRequests } from "./restart-after-merge.js";
import type { WorkspaceRecord } from "./workspace-record.js";

/** What the steps of opening a session's workspace share (made once by `createSessionWorkspaces`). */
export interface WorkspaceContext {
  /** The sessions' folder. */
  dir: string;
  stores: RepositoryStores;
  catalog: Catalog;
  states: SessionStateStore;
  git: string;
  log: Logger;
  sessionDirOf(sessionId: string): string;
  /** Removes a session's folder and its worktrees and branch in the stores. */
  removeLocal(record: WorkspaceRecord): Promise<void>;
  /** Where a session's pull request is asked whether it was merged; without it, none is. */
  merged?: MergedPullRequests;
}

/** A worktree made or kept for the session, with its repository. */
export type SessionWorktree = MadeWorktree & { repo: string; baseBranch: string };

/** The record's view of the worktrees (what a later open or a sweep needs). */
export function recordedRepositories(made: readonly SessionWorktree[]): WorkspaceRecord["repositories"] {
  return made.map(({ repo, dir, gitDir, baseBranch }) => ({ repo, dir, gitDir, baseBranch }));
}
