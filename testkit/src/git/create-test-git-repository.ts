import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export interface TestGitRepository {
  /** The repository's directory (a catalog `path:`). */
  dir: string;
  /** Writes files (and symbolic links) and commits them; returns the commit's hash. */
  commit(change: RepositoryChange, message?: string): string;
  cleanup(): void;
}

export interface RepositoryChange {
  /** Path → content. */
  files?: Record<string, string>;
  /** Path → where the link points (may lead outside the repository, which is the point). */
  symlinks?: Record<string, string>;
}

const AUTHOR = [
  "-c",
  "user.name=Ada Lovelace",
  "-c",
  "user.email=ada@example.com",
  "-c",
  "commit.gpgsign=false",
];

/**
 * A real git repository in a temporary directory, for tests of code that reads repositories.
 *
 * @example
 * const repo = createTestGitRepository({ files: { "README.md": "# demo\n" } });
 * // catalog: repositories: [{ repo: "acme/demo", path: repo.dir }]
 * repo.cleanup();
 */
export function createTestGitRepository(
  initial: RepositoryChange = {},
  message = "Initial commit",
): TestGitRepository {
  const dir = mkdtempSync(join(tmpdir(), "baton-repo-"));
  const git = (...args: string[]) =>
    execFileSync("git", [...AUTHOR, ...args], {
      cwd: dir,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    }).trim();
  git("init", "--quiet", "--initial-branch=main");
  const commit = (change: RepositoryChange, text = "Change") => {
    for (const [path, content] of Object.entries(change.files ?? {})) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
    }
    for (const [path, target] of Object.entries(change.symlinks ?? {})) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      symlinkSync(target, join(dir, path));
    }
    git("add", "--all");
    git("commit", "--quiet", "--allow-empty", "-m", text);
    return git("rev-parse", "HEAD");
  };
  commit(initial, message);
  return { dir, commit, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
