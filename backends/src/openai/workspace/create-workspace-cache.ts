import { existsSync } from "node:fs";
import { mkdir, realpath } from "node:fs/promises";
import { join } from "node:path";
import { BatonError, type Catalog, type Logger, type Target } from "@baton/core";
import { FETCH_TIMEOUT_MS, WORKSPACE_FETCH_DEPTH } from "../openai-agent-limits.js";
import { DEFAULT_GIT_HOST, gitAuthEnvironment, repositorySource } from "./repository-source.js";
import type { RepositoryTokenProvider } from "./repository-token-provider.js";
import { runGit } from "./run-git.js";
import { EMPTY_WORKSPACE, type Workspace, type WorkspaceRoot } from "./workspace.js";

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
  /** Fetches the target's repositories (again, when cached) and returns them side by side. */
  prepare(target: Target, signal: AbortSignal): Promise<Workspace>;
}

/**
 * Shallow checkouts of the target repositories, one directory per repository and branch, kept
 * between turns and fetched again on each use. A checkout is `git init` + `git fetch <url> <ref>`
 * + a detached checkout, so that no URL or token is ever stored in it.
 */
export function createWorkspaceCache({
  dir,
  catalog,
  tokens,
  gitHost = DEFAULT_GIT_HOST,
  git = "git",
  depth = WORKSPACE_FETCH_DEPTH,
  logger,
}: WorkspaceCacheOptions): WorkspaceCache {
  const log = logger.child({ component: "backends.openai.workspace" });
  // Two turns of different conversations may want the same checkout at once: one fetch at a time.
  const busy = new Map<string, Promise<unknown>>();

  function exclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = busy.get(key) ?? Promise.resolve();
    const next = previous.catch(() => {}).then(work);
    busy.set(key, next);
    void next
      .finally(() => {
        if (busy.get(key) === next) busy.delete(key);
      })
      .catch(() => {});
    return next;
  }

  async function checkout(
    repo: string,
    branch: string | undefined,
    signal: AbortSignal,
  ): Promise<WorkspaceRoot> {
    const source = repositorySource(repo, catalog, gitHost);
    const ref = branch ?? source.defaultBranch;
    const target = join(dir, ...repo.split("/"), ref ? `branch-${encodeURIComponent(ref)}` : "default");
    return exclusive(target, async () => {
      const startedAt = Date.now();
      await mkdir(target, { recursive: true });
      const run = (args: string[], env?: Record<string, string>) =>
        runGit({ git, args, cwd: target, env, signal, timeoutMs: FETCH_TIMEOUT_MS });
      if (!existsSync(join(target, ".git"))) await expectOk(repo, await run(["init", "--quiet"]));
      const token = source.onGitHost ? await tokens?.tokenFor(repo, signal) : undefined;
      const auth = token ? gitAuthEnvironment(gitHost, token) : undefined;
      const fetched = await run(
        ["fetch", "--quiet", "--no-tags", `--depth=${depth}`, "--", source.url, ref ?? "HEAD"],
        auth,
      );
      await expectOk(repo, fetched);
      await expectOk(repo, await run(["checkout", "--quiet", "--force", "--detach", "FETCH_HEAD"]));
      const head = await run(["rev-parse", "HEAD"]);
      await expectOk(repo, head);
      log.info("backends.openai.workspace.fetched", {
        repo,
        branch: ref ?? null,
        authenticated: Boolean(token),
        duration_ms: Date.now() - startedAt,
      });
      return { repo, dir: await realpath(target), commit: head.stdout.trim() };
    });
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
      const wanted = repositoriesOf(target, catalog);
      if (wanted.length === 0) return EMPTY_WORKSPACE;
      const roots: WorkspaceRoot[] = [];
      for (const { repo, branch } of wanted) {
        roots.push(await checkout(repo, branch, signal));
      }
      return { roots };
    },
  };
}

function repositoriesOf(target: Target, catalog: Catalog): Array<{ repo: string; branch?: string }> {
  switch (target.kind) {
    case "none":
      return [];
    case "repository":
      return [target.branch ? { repo: target.repo, branch: target.branch } : { repo: target.repo }];
    case "environment": {
      const environment = catalog.environments.find((e) => e.id === target.id);
      if (!environment)
        throw new BatonError(
          "target_not_found",
          `environment ${target.id} is not in the catalog`,
          `The environment ${target.id} is no longer in Baton's catalog.`,
        );
      return environment.repositories.map((repo) => ({ repo }));
    }
  }
}
