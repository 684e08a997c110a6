import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { BatonError, type Catalog, type Logger, targetId } from "@baton/core";
import type { RepositoryStores } from "../../workspace/repository-stores.js";
import { withFileLock } from "../../workspace/with-file-lock.js";
import type { SessionStateStore } from "../session-state/session-state-store.js";
import { createSessionWorkspace } from "./create-session-workspace.js";
import { removeWorkspaceFolder } from "./remove-workspace-folder.js";
import { reopenSessionWorkspace } from "./reopen-session-workspace.js";
import type { MergedPullRequests } from "./restart-after-merge.js";
import type { SessionWorkspaces } from "./session-workspaces.js";
import { sweepSessionWorkspaces } from "./sweep-session-workspaces.js";
import type { WorkspaceContext } from "./workspace-context.js";
import { WorkspaceGitError } from "./workspace-git.js";
import { readWorkspaceRecord, type WorkspaceRecord } from "./workspace-record.js";

/** A workspace no turn used for this long is removed (a later turn restores it from the pushed branch). */
export const WORKSPACE_IDLE_MS = 2 * 60 * 60_000;
/** The session lock is held while a workspace is made or restored, which includes fetches. */
const SESSION_LOCK_STALE_MS = 15 * 60_000;
/** How long removing a session's workspace may take. */
const REMOVE_TIMEOUT_MS = 120_000;

export interface SessionWorkspacesOptions {
  /** Where sessions' workspaces live (`<BATON_DATA_DIR>/sessions`): apart from the repository stores, whose git directories the agent must not write. */
  dir: string;
  stores: RepositoryStores;
  catalog: Catalog;
  state: SessionStateStore;
  git?: string;
  /** Longer than any turn: a workspace idle this long is swept. */
  idleMs?: number;
  /**
   * The repository host's pull requests: a follow-up to a session whose pull request was merged
   * starts over from the base branch's tip. Without it, follow-ups build on the session's branch.
   */
  merged?: MergedPullRequests;
  logger: Logger;
}

/**
 * Sessions' workspaces on this worker: git worktrees of the repository stores on the session's
 * branch, one folder per session. What a later turn needs on another worker is in the session
 * state (Redis) and on the remote (the pushed branch); this folder is only a warm copy of it.
 *
 * @example
 * const workspaces = createSessionWorkspaces({ dir: join(dataDir, "sessions"), stores, catalog, state, logger });
 * const workspace = await workspaces.open({ sessionId, target, title: prompt }, signal);
 */
export function createSessionWorkspaces({
  dir,
  stores,
  catalog,
  state: states,
  git = "git",
  idleMs = WORKSPACE_IDLE_MS,
  merged,
  logger,
}: SessionWorkspacesOptions): SessionWorkspaces {
  const log = logger.child({ component: "backends.codex.workspace" });
  const sessionDirOf = (sessionId: string) => join(dir, encodeURIComponent(sessionId));
  let swept: Promise<unknown> | undefined;

  async function withSessionLock<T>(
    sessionId: string,
    signal: AbortSignal,
    work: () => Promise<T>,
  ): Promise<T> {
    await mkdir(dir, { recursive: true });
    return withFileLock(`${sessionDirOf(sessionId)}.lock`, { staleMs: SESSION_LOCK_STALE_MS, signal }, work);
  }

  const removeLocal = (record: WorkspaceRecord) =>
    removeWorkspaceFolder({ sessionDir: sessionDirOf(record.sessionId), record, stores, logger: log });
  const context: WorkspaceContext = {
    dir,
    stores,
    catalog,
    states,
    git,
    log,
    sessionDirOf,
    removeLocal,
    ...(merged ? { merged } : {}),
  };

  const sweep = () =>
    sweepSessionWorkspaces({ dir, states, idleMs, removeLocal, withSessionLock, logger: log });

  return {
    async open(input, signal) {
      // Once per process, what dead workers left behind goes before this worker adds its own.
      swept ??= sweep().catch((error: unknown) =>
        log.warn("backends.codex.workspace.sweep_failed", { error: String(error) }),
      );
      await swept;
      return withSessionLock(input.sessionId, signal, async () => {
        const state = await states.load(input.sessionId);
        const record = await readWorkspaceRecord(sessionDirOf(input.sessionId));
        // A person who changed the session's target gets a workspace of the new one (what was
        // pushed for the old one stays on its branch).
        const sameTarget = !state?.targetId || state.targetId === targetId(input.target);
        if (state && sameTarget)
          return reopenSessionWorkspace(context, { sessionId: input.sessionId, state, record }, signal);
        if (record) await removeLocal(record);
        return createSessionWorkspace(context, input, signal);
      }).catch((error: unknown) => {
        throw toWorkspaceError(error, input.sessionId, log);
      });
    },
    async remove(sessionId) {
      await withSessionLock(sessionId, AbortSignal.timeout(REMOVE_TIMEOUT_MS), async () => {
        const record = await readWorkspaceRecord(sessionDirOf(sessionId));
        if (record) await removeLocal(record);
        await rm(sessionDirOf(sessionId), { recursive: true, force: true });
        await states.forget(sessionId);
      });
      log.info("backends.codex.workspace.removed", { session_id: sessionId });
    },
    sweep,
  };
}

/** git's failure in words for the thread (its own message, which may name a URL, goes to the log only). */
function toWorkspaceError(error: unknown, sessionId: string, log: Logger): unknown {
  if (!(error instanceof WorkspaceGitError)) return error;
  log.warn("backends.codex.workspace.git_failed", { session_id: sessionId, error: error.message });
  return new BatonError(
    "backend_failed",
    `the session's workspace could not be opened: ${error.message}`,
    "Baton could not get this session's repositories for the agent. Check their `url` or `path` in the catalog, or that the GitHub App can read them.",
  );
}
