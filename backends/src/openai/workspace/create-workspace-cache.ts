import { randomUUID } from "node:crypto";
import { mkdir, readdir, realpath, rm, stat } from "node:fs/promises";
import { hostname } from "node:os";
import { dirname, join } from "node:path";
import { BatonError, type Catalog, type Logger, type Target } from "@baton/core";
import { DEFAULT_GIT_HOST } from "../../workspace/repository-source.js";
import { createRepositoryStores } from "../../workspace/repository-stores.js";
import { targetRepositories } from "../../workspace/target-repositories.js";
import { isRunning } from "../../workspace/with-file-lock.js";
import { FETCH_TIMEOUT_MS, WORKSPACE_FETCH_DEPTH } from "../openai-agent-limits.js";
import type { RepositoryTokenProvider } from "./repository-token-provider.js";
import { EMPTY_WORKSPACE, type PreparedWorkspace, type WorkspaceRoot } from "./workspace.js";

/** Where turns' own checkouts live, under the cache directory. */
const TURNS_DIR = ".turns";
/** A turn's checkouts left this long (by a process on another machine, or a clock gone wrong) are removed. */
const ABANDONED_TURN_MS = 24 * 60 * 60 * 1000;

export interface WorkspaceCacheOptions {
  /** The cache directory (`<BATON_DATA_DIR>/workspaces`). */
  dir: string;
  catalog: Catalog;
  /** The GitHub App's installation tokens, when the GitHub bot provides them. */
  tokens?: RepositoryTokenProvider;
  /** Where repositories without a catalog `url`/`path` live. */
  gitHost?: string;
  git?: string;
  /** Commits fetched per repository. */
  depth?: number;
  logger: Logger;
}

export interface WorkspaceCache {
  /**
   * Fetches the target's repositories (again, when cached) and checks them out side by side for
   * one turn; `release` removes that turn's checkouts.
   */
  prepare(target: Target, signal: AbortSignal): Promise<PreparedWorkspace>;
}

/**
 * Shallow clones of the target repositories, one store per repository and branch, kept between
 * turns and fetched again on each use; each turn reads its own checkout of the fetched commit (a
 * `git worktree`), so a turn never sees files change under it when another turn fetches, and
 * removes it when it ends. The stores are shared (`createRepositoryStores`): no URL or token is
 * ever stored in them, and work on one takes turns across processes.
 */
export function createWorkspaceCache({
  dir,
  catalog,
  tokens,
  gitHost = DEFAULT_GIT_HOST,
  git: gitCommand = "git",
  depth = WORKSPACE_FETCH_DEPTH,
  logger,
}: WorkspaceCacheOptions): WorkspaceCache {
  const log = logger.child({ component: "backends.openai.workspace" });
  const stores = createRepositoryStores({
    dir,
    catalog,
    ...(tokens ? { tokens } : {}),
    gitHost,
    git: gitCommand,
    remoteTimeoutMs: FETCH_TIMEOUT_MS,
  });
  // This process's turn folders are named after it, so that a later process can tell them abandoned.
  const owner = `${hostname()}-${process.pid}-`;
  let swept: Promise<void> | undefined;

  /** Fetches the repository into its store and adds a checkout of what it fetched at `turnDir`. */
  async function checkout(
    repo: string,
    branch: string | undefined,
    turnDir: string,
    signal: AbortSignal,
  ): Promise<WorkspaceRoot> {
    const ref = branch ?? stores.source(repo).defaultBranch;
    const checkoutDir = join(turnDir, ...repo.split("/"));
    return stores.withStore(repo, ref, signal, async (store) => {
      const startedAt = Date.now();
      const fetched = await store.gitRemote(
        ["fetch", "--quiet", "--no-tags", `--depth=${depth}`, "--", store.source.url, ref ?? "HEAD"],
        signal,
      );
      await expectOk(repo, fetched);
      const head = await store.git(["rev-parse", "FETCH_HEAD"], signal);
      await expectOk(repo, head);
      const commit = head.stdout.trim();
      // Forget checkouts whose folders are gone (turns of processes that died), then add this one.
      await store.git(["worktree", "prune"], signal);
      await mkdir(dirname(checkoutDir), { recursive: true });
      await expectOk(
        repo,
        await store.git(["worktree", "add", "--quiet", "--detach", checkoutDir, commit], signal),
      );
      log.info("backends.openai.workspace.fetched", {
        repo,
        branch: ref ?? null,
        authenticated: fetched.authenticated,
        duration_ms: Date.now() - startedAt,
      });
      return { repo, dir: await realpath(checkoutDir), commit };
    });
  }

  /** Removes a turn's checkouts; their stores forget them on their next fetch (`worktree prune`). */
  async function removeTurn(turnDir: string): Promise<void> {
    await rm(turnDir, { recursive: true, force: true }).catch((error: Error) =>
      log.warn("backends.openai.workspace.cleanup_failed", { error: error.message }),
    );
  }

  /**
   * Once per process: removes the turn folders of processes on this machine that are gone (killed
   * mid-turn), and any left for a day. Folders of live processes, here or elsewhere, stay.
   */
  function sweepAbandonedTurns(): Promise<void> {
    swept ??= (async () => {
      const turns = join(dir, TURNS_DIR);
      const entries = await readdir(turns).catch(() => [] as string[]);
      for (const entry of entries) {
        const path = join(turns, entry);
        // `<host>-<pid>-<random>`; a host name may itself hold dashes.
        const parts = entry.split("-");
        const pid = Number(parts.at(-2));
        const gone = parts.slice(0, -2).join("-") === hostname() && pid !== process.pid && !isRunning(pid);
        const age = Date.now() - ((await stat(path).catch(() => null))?.mtimeMs ?? Date.now());
        if (gone || age > ABANDONED_TURN_MS) await removeTurn(path);
      }
    })();
    return swept;
  }

  async function expectOk(repo: string, result: { exitCode: number; stderr: string }): Promise<void> {
    if (result.exitCode === 0) return;
    // git's message may name the URL; it goes to the operator's log, not to the thread.
    log.warn("backends.openai.workspace.fetch_failed", {
      repo,
      exit_code: result.exitCode,
      error: result.stderr.trim(),
    });
    throw new BatonError(
      "backend_failed",
      `could not fetch ${repo} (git exited ${result.exitCode})`,
      `Baton could not fetch ${repo} for the agent. Check its \`url\` or \`path\` in the catalog, or that the GitHub App can read it.`,
    );
  }

  return {
    async prepare(target, signal) {
      const wanted = targetRepositories(target, catalog);
      if (wanted.length === 0) return EMPTY_WORKSPACE;
      await sweepAbandonedTurns();
      const turnDir = join(dir, TURNS_DIR, `${owner}${randomUUID().slice(0, 8)}`);
      let released = false;
      const release = async () => {
        if (released) return;
        released = true;
        await removeTurn(turnDir);
      };
      try {
        const roots: WorkspaceRoot[] = [];
        for (const { repo, branch } of wanted) roots.push(await checkout(repo, branch, turnDir, signal));
        return { roots, release };
      } catch (error) {
        await release();
        throw error;
      }
    },
  };
}
