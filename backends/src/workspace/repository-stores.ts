import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Catalog, RepositoryTokenProvider } from "@baton/core";
import {
  DEFAULT_GIT_HOST,
  gitAuthEnvironment,
  type RepositorySource,
  repositorySource,
} from "./repository-source.js";
import { type GitResult, runGit } from "./run-git.js";
import { withFileLock } from "./with-file-lock.js";

/** What the local git steps around a remote command may add to the time a store's lock is held. */
const LOCAL_STEPS_MS = 60_000;

export interface RepositoryStoresOptions {
  /** The stores' directory (`<BATON_DATA_DIR>/workspaces`), shared by every backend that reads repositories. */
  dir: string;
  catalog: Catalog;
  /** The GitHub App's installation tokens, when the GitHub bot provides them. */
  tokens?: RepositoryTokenProvider;
  /** Where repositories without a catalog `url`/`path` live. */
  gitHost?: string;
  git?: string;
  /** How long one git command against the remote (a fetch, a push) may take. */
  remoteTimeoutMs: number;
}

/** One repository's store, held (under its lock) while `work` runs. */
export interface HeldStore {
  repo: string;
  /** The store's directory (a plain `git init`, never holding a URL or a token). */
  dir: string;
  source: RepositorySource;
  /** git in the store (local steps: no credentials). */
  git(args: string[], signal: AbortSignal): Promise<GitResult>;
  /** git against the repository's remote, with the installation token in git's environment when it applies. */
  gitRemote(args: string[], signal: AbortSignal): Promise<GitResult & { authenticated: boolean }>;
}

export interface RepositoryStores {
  readonly gitHost: string;
  source(repo: string): RepositorySource;
  /** The token provider's credentials for `repo`, as git's environment (undefined off the git host or without a token). */
  authFor(repo: string, signal: AbortSignal): Promise<Record<string, string> | undefined>;
  /** Runs `work` holding the store of `repo` for `ref` (one per repository and branch), creating it on first use. */
  withStore<T>(
    repo: string,
    ref: string | undefined,
    signal: AbortSignal,
    work: (store: HeldStore) => Promise<T>,
  ): Promise<T>;
}

/**
 * Repository stores: one `git init` per repository and branch, fetched into with the URL and the
 * token given on each command, so neither is ever stored. Work on one store takes turns, inside
 * this process (a promise chain) and across processes sharing the directory (a lock file beside
 * it), so that workers sharing `BATON_DATA_DIR` do not trip over git's own locks.
 */
export function createRepositoryStores({
  dir,
  catalog,
  tokens,
  gitHost = DEFAULT_GIT_HOST,
  git: gitCommand = "git",
  remoteTimeoutMs,
}: RepositoryStoresOptions): RepositoryStores {
  const busy = new Map<string, Promise<unknown>>();
  // A lock is held for one remote command at most, plus the quick local steps around it.
  const lockStaleMs = remoteTimeoutMs + LOCAL_STEPS_MS;
  const source = (repo: string) => repositorySource(repo, catalog, gitHost);

  async function authFor(repo: string, signal: AbortSignal) {
    if (!source(repo).onGitHost) return undefined;
    const token = await tokens?.tokenFor(repo, signal);
    return token ? gitAuthEnvironment(gitHost, token) : undefined;
  }

  function exclusive<T>(store: string, signal: AbortSignal, work: () => Promise<T>): Promise<T> {
    const previous = busy.get(store) ?? Promise.resolve();
    const locked = async () => {
      await mkdir(dirname(store), { recursive: true });
      return withFileLock(`${store}.lock`, { staleMs: lockStaleMs, signal }, work);
    };
    const next = previous.catch(() => {}).then(locked);
    busy.set(store, next);
    void next
      .finally(() => {
        if (busy.get(store) === next) busy.delete(store);
      })
      .catch(() => {});
    return next;
  }

  const run = (cwd: string, args: string[], signal: AbortSignal, env?: Record<string, string>) =>
    runGit({ git: gitCommand, args, cwd, env, signal, timeoutMs: remoteTimeoutMs });

  return {
    gitHost,
    source,
    authFor,
    withStore(repo, ref, signal, work) {
      const storeDir = join(dir, ...repo.split("/"), ref ? `branch-${encodeURIComponent(ref)}` : "default");
      return exclusive(storeDir, signal, async () => {
        await mkdir(storeDir, { recursive: true });
        if (!existsSync(join(storeDir, ".git"))) {
          const init = await run(storeDir, ["init", "--quiet"], signal);
          if (init.exitCode !== 0)
            throw new Error(`git init failed in a repository store: ${init.stderr.trim()}`);
        }
        return work({
          repo,
          dir: storeDir,
          source: source(repo),
          git: (args, gitSignal) => run(storeDir, args, gitSignal),
          async gitRemote(args, gitSignal) {
            const auth = await authFor(repo, gitSignal);
            return { ...(await run(storeDir, args, gitSignal, auth)), authenticated: Boolean(auth) };
          },
        });
      });
    },
  };
}
