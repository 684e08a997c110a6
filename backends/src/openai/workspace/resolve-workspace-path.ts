import { realpath } from "node:fs/promises";
import { isAbsolute, normalize, relative, resolve, sep } from "node:path";
import type { Workspace, WorkspaceRoot } from "./workspace.js";

export type WorkspacePath =
  | {
      kind: "ok";
      root: WorkspaceRoot /** Relative to the root, `/`-separated. */;
      path: string;
      absolute: string;
    }
  | { kind: "missing"; root: WorkspaceRoot; path: string }
  | { kind: "refused"; reason: string };

/**
 * The repository a tool call means: the named one, or the only one. Several repositories and no
 * name is a refusal that lists them, so that the model can ask again.
 */
export function pickWorkspaceRoot(
  workspace: Workspace,
  repository: string | undefined,
): { kind: "ok"; root: WorkspaceRoot } | { kind: "refused"; reason: string } {
  const names = workspace.roots.map((root) => root.repo).join(", ");
  if (workspace.roots.length === 0)
    return { kind: "refused", reason: "This conversation has no repository to read." };
  if (repository) {
    const root = workspace.roots.find((r) => r.repo.toLowerCase() === repository.toLowerCase());
    return root
      ? { kind: "ok", root }
      : { kind: "refused", reason: `No repository ${repository} here; there is ${names}.` };
  }
  const [only, ...others] = workspace.roots;
  if (only && others.length === 0) return { kind: "ok", root: only };
  return {
    kind: "refused",
    reason: `Several repositories are checked out (${names}): name one in "repository".`,
  };
}

/**
 * Confines a path a model asked for to its repository: no absolute paths, no `..` out of it, no
 * symlink that leads out of it (checked on the real path), and nothing under `.git`.
 *
 * @example
 * await resolveWorkspacePath(root, "../../etc/passwd"); // { kind: "refused", reason: "…outside the repository" }
 */
export async function resolveWorkspacePath(root: WorkspaceRoot, requested: string): Promise<WorkspacePath> {
  const cleaned = requested.trim().replace(/\\/g, "/");
  if (cleaned.includes("\0")) return { kind: "refused", reason: "The path holds a NUL byte." };
  if (isAbsolute(cleaned))
    return { kind: "refused", reason: `${requested} is absolute: give a path inside the repository.` };
  const lexical = resolve(root.dir, normalize(cleaned || "."));
  const path = relative(root.dir, lexical);
  if (escapes(path)) return { kind: "refused", reason: `${requested} is outside the repository.` };
  if (path.split(sep)[0] === ".git")
    return { kind: "refused", reason: "git's own files are not part of the workspace." };
  let real: string;
  try {
    real = await realpath(lexical);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      return { kind: "missing", root, path: toPosix(path) };
    throw error;
  }
  const realRelative = relative(root.dir, real);
  if (escapes(realRelative))
    return { kind: "refused", reason: `${requested} leads outside the repository (a symbolic link).` };
  if (realRelative.split(sep)[0] === ".git")
    return { kind: "refused", reason: "git's own files are not part of the workspace." };
  return { kind: "ok", root, path: toPosix(path) || ".", absolute: real };
}

function escapes(path: string): boolean {
  return path === ".." || path.startsWith(`..${sep}`) || isAbsolute(path);
}

function toPosix(path: string): string {
  return path.split(sep).join("/");
}
