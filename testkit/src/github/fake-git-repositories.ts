import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** Bare repositories the fake GitHub serves over git's smart HTTP, as `<url>/<owner>/<name>.git`. */
export interface FakeGitRepositories {
  /** Where the bare repositories live (`GIT_PROJECT_ROOT` of `git http-backend`). */
  readonly root: string;
  /**
   * Serves `repo` (`owner/name`): a bare copy of the git repository at `from` (e.g. a
   * `createTestGitRepository` dir), or an empty one. Returns the bare repository's directory.
   */
  host(repo: string, options?: { from?: string }): string;
  /** Whether `repo` is served. */
  hosts(repo: string): boolean;
  /** Pushes to `branch` are refused as GitHub refuses a protected branch (GH006). */
  protectBranch(repo: string, branch: string): void;
  /** The commit `branch` is at, or undefined when it does not exist. */
  branchHead(repo: string, branch: string): string | undefined;
  /** Whether the branch exists; undefined for a repository the fake does not serve (nothing to check). */
  hasBranch(repo: string, branch: string): boolean | undefined;
  /** Runs git in the bare repository (e.g. `log`, `show`), returning its output. */
  git(repo: string, ...args: string[]): string;
  reset(): void;
  cleanup(): void;
}

function protectionHook(branches: readonly string[]): string {
  const cases = branches.map((branch) => `    "refs/heads/${branch}") protected=1 ;;`).join("\n");
  return `#!/bin/sh
# Written by the fake GitHub: refuses pushes to protected branches as GitHub does.
status=0
while read old new ref; do
  protected=0
  case "$ref" in
${cases}
  esac
  if [ "$protected" = 1 ]; then
    echo "error: GH006: Protected branch update failed for $ref." >&2
    echo "error: Changes must be made through a pull request." >&2
    status=1
  fi
done
exit $status
`;
}

export function createFakeGitRepositories(): FakeGitRepositories {
  const root = mkdtempSync(join(tmpdir(), "baton-fake-github-git-"));
  const protectedBranches = new Map<string, string[]>();
  const dirOf = (repo: string) => join(root, `${repo}.git`);
  const run = (cwd: string, args: string[]) =>
    execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
  const branchHead = (repo: string, branch: string) => {
    if (!existsSync(dirOf(repo))) return undefined;
    try {
      return run(dirOf(repo), ["rev-parse", "--verify", "--quiet", `refs/heads/${branch}^{commit}`]);
    } catch {
      return undefined;
    }
  };

  return {
    root,
    host(repo, { from } = {}) {
      const dir = dirOf(repo);
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dirname(dir), { recursive: true });
      if (from) run(root, ["clone", "--quiet", "--bare", "--no-hardlinks", from, dir]);
      else run(root, ["init", "--quiet", "--bare", "--initial-branch=main", dir]);
      run(dir, ["config", "http.receivepack", "true"]);
      return dir;
    },
    hosts: (repo) => existsSync(dirOf(repo)),
    protectBranch(repo, branch) {
      const branches = [...(protectedBranches.get(repo) ?? []), branch];
      protectedBranches.set(repo, branches);
      const hook = join(dirOf(repo), "hooks", "pre-receive");
      mkdirSync(dirname(hook), { recursive: true });
      writeFileSync(hook, protectionHook(branches));
      chmodSync(hook, 0o755);
    },
    branchHead,
    hasBranch: (repo, branch) =>
      existsSync(dirOf(repo)) ? branchHead(repo, branch) !== undefined : undefined,
    git: (repo, ...args) => run(dirOf(repo), args),
    reset() {
      protectedBranches.clear();
      rmSync(root, { recursive: true, force: true });
      mkdirSync(root, { recursive: true });
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}
