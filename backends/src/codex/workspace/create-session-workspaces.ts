import { existsSync } from "node:fs";
import { mkdir, realpath, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Catalog, Logger } from "@baton/core";
import type { RepositoryStores } from "../../workspace/repository-stores.js";
import { targetRepositories } from "../../workspace/target-repositories.js";
import { withFileLock } from "../../workspace/with-file-lock.js";
import type { SessionState } from "../session-state/session-state.js";
import type { SessionStateStore } from "../session-state/session-state-store.js";
import { removeWorkspaceFolder } from "./remove-workspace-folder.js";
import {
  createWorktree,
  type MadeWorktree,
  resolveBaseBranch,
  restoreWorktree,
  syncWorktree,
} from "./repository-worktree.js";
import { sessionBranchName } from "./session-branch-name.js";
import type { SessionWorkspace } from "./session-workspace.js";
import type { SessionWorkspaces } from "./session-workspaces.js";
import { sweepSessionWorkspaces } from "./sweep-session-workspaces.js";
import { expectGit, workspaceGit } from "./workspace-git.js";
import {
  readWorkspaceRecord,
  WORKSPACE_WORK_DIR,
  type WorkspaceRecord,
  writeWorkspaceRecord,
} from "./workspace-record.js";

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
  logger,
}: SessionWorkspacesOptions): SessionWorkspaces {
  const log = logger.child({ component: "backends.codex.workspace" });
  const sessionDirOf = (sessionId: string) => join(dir, encodeURIComponent(sessionId));
  const gitOption = { git };
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

  async function toWorkspace(
    sessionId: string,
    kind: SessionWorkspace["kind"],
    branch: string,
    made: Array<MadeWorktree & { repo: string; baseBranch: string }>,
    created: boolean,
    signal: AbortSignal,
  ): Promise<SessionWorkspace> {
    const sessionDir = sessionDirOf(sessionId);
    await writeWorkspaceRecord(sessionDir, {
      version: 1,
      sessionId,
      kind,
      branch,
      repositories: made.map(({ repo, dir: repoDir, gitDir, baseBranch }) => ({
        repo,
        dir: repoDir,
        gitDir,
        baseBranch,
      })),
    });
    const workDir = await realpath(join(sessionDir, WORKSPACE_WORK_DIR));
    const repositories = [];
    for (const repository of made) {
      const head = workspaceGit(repository, ["rev-parse", "HEAD"], signal, gitOption);
      const startCommit = await expectGit("rev-parse HEAD", head);
      repositories.push({
        repo: repository.repo,
        dir: repository.dir,
        gitDir: repository.gitDir,
        branch,
        baseBranch: repository.baseBranch,
        startCommit,
      });
    }
    const root = repositories.length === 1 ? (repositories[0]?.dir ?? workDir) : workDir;
    // Each repository is a writable root of its own, so the sandbox keeps each one's `.git` read-only.
    const writableRoots = [...new Set([root, ...repositories.map((r) => r.dir)])];
    return { sessionId, root, kind, repositories, created, writableRoots };
  }

  async function createNew(
    input: Parameters<SessionWorkspaces["open"]>[0],
    signal: AbortSignal,
  ): Promise<SessionWorkspace> {
    const { sessionId, target, title } = input;
    const sessionDir = sessionDirOf(sessionId);
    const workDir = join(sessionDir, WORKSPACE_WORK_DIR);
    const branch = sessionBranchName(title, sessionId);
    await rm(sessionDir, { recursive: true, force: true });
    await mkdir(workDir, { recursive: true });
    const wanted = targetRepositories(target, catalog);
    const made: Array<MadeWorktree & { repo: string; baseBranch: string }> = [];
    try {
      for (const { repo, branch: named } of wanted) {
        const baseBranch = named ?? (await resolveBaseBranch(stores, repo, signal, { git, cwd: dir }));
        const worktree = await createWorktree(
          { stores, repo, baseBranch, branch, dir: join(workDir, ...repo.split("/")), git },
          signal,
        );
        made.push({ ...worktree, repo, baseBranch });
      }
    } catch (error) {
      const partial = made.map(({ repo, dir: repoDir, gitDir, baseBranch }) => ({
        repo,
        dir: repoDir,
        gitDir,
        baseBranch,
      }));
      await removeLocal({
        version: 1,
        sessionId,
        kind: "repositories",
        branch,
        repositories: partial,
        owner: "",
        usedAt: 0,
      });
      throw error;
    }
    const kind = wanted.length === 0 ? "scratch" : "repositories";
    const state: SessionState = {
      version: 1,
      kind,
      branch,
      repositories: made.map(({ repo, baseBranch, commit }) => ({ repo, baseBranch, baseCommit: commit })),
      requests: [],
      links: {},
    };
    await states.save(sessionId, state);
    log.info("backends.codex.workspace.created", {
      session_id: sessionId,
      branch,
      repositories: made.length,
    });
    return toWorkspace(sessionId, kind, branch, made, true, signal);
  }

  async function reopen(
    sessionId: string,
    state: SessionState,
    record: WorkspaceRecord | null,
    signal: AbortSignal,
  ): Promise<SessionWorkspace> {
    const workDir = join(sessionDirOf(sessionId), WORKSPACE_WORK_DIR);
    const kept = record?.branch === state.branch && record.kind === state.kind ? record : null;
    if (record && !kept) await removeLocal(record);
    let created = !kept || !existsSync(workDir);
    await mkdir(workDir, { recursive: true });
    const made: Array<MadeWorktree & { repo: string; baseBranch: string }> = [];
    // Repositories whose worktree now stands where the remote branch is (someone may have pushed to it).
    const atRemote = new Set<string>();
    for (const repository of state.repositories) {
      const { repo, baseBranch } = repository;
      const ref = {
        stores,
        repo,
        baseBranch,
        branch: state.branch,
        git,
        pushed: Boolean(repository.pushedCommit),
      };
      const local = kept?.repositories.find((r) => r.repo === repo);
      if (local && existsSync(local.dir) && existsSync(local.gitDir)) {
        const synced = await syncWorktree({ ...ref, dir: local.dir, gitDir: local.gitDir }, signal);
        log.info("backends.codex.workspace.reused", { session_id: sessionId, repo, sync: synced });
        if (synced === "fast_forwarded" || synced === "reset_to_remote") atRemote.add(repo);
        made.push({ repo, baseBranch, dir: local.dir, gitDir: local.gitDir, commit: "" });
        continue;
      }
      const worktree = await restoreWorktree(
        { ...ref, dir: join(workDir, ...repo.split("/")), baseCommit: repository.baseCommit },
        signal,
      );
      log.info("backends.codex.workspace.restored", { session_id: sessionId, repo, from: worktree.from });
      if (worktree.from === "pushed_branch") atRemote.add(repo);
      made.push({ ...worktree, repo, baseBranch });
      created = true;
    }
    const workspace = await toWorkspace(sessionId, state.kind, state.branch, made, created, signal);
    // What the branch holds now is what the next push builds on: commits others pushed are not this session's changes.
    for (const repository of workspace.repositories)
      if (atRemote.has(repository.repo)) {
        const repoState = state.repositories.find((r) => r.repo === repository.repo);
        if (repoState) repoState.pushedCommit = repository.startCommit;
      }
    await states.save(sessionId, state);
    return workspace;
  }

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
        if (state) return reopen(input.sessionId, state, record, signal);
        if (record) await removeLocal(record);
        return createNew(input, signal);
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
