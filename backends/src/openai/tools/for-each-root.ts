import { pickWorkspaceRoot } from "../workspace/resolve-workspace-path.js";
import type { Workspace, WorkspaceRoot } from "../workspace/workspace.js";
import { boundOutput } from "./bound-output.js";

/**
 * Runs a whole-repository tool (list, search) on the named repository, or on each one when none
 * is named, each answer headed by its repository's name when there are several.
 */
export async function forEachRoot(
  workspace: Workspace,
  repository: string | undefined,
  run: (root: WorkspaceRoot) => Promise<string>,
): Promise<string> {
  if (repository || workspace.roots.length <= 1) {
    const picked = pickWorkspaceRoot(workspace, repository);
    if (picked.kind === "refused") return `Refused: ${picked.reason}`;
    return run(picked.root);
  }
  const parts: string[] = [];
  for (const root of workspace.roots) parts.push(`## ${root.repo}\n${await run(root)}`);
  return boundOutput(parts.join("\n\n"));
}
