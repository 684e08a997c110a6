import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { TurnDiff } from "../codex-backend-ports.js";
import type { SessionWorkspace, WorkspaceRepository } from "../workspace/session-workspace.js";
import { expectGit, workspaceGit } from "../workspace/workspace-git.js";
import { readNumstat } from "./read-numstat.js";

/** The patch a turn's diff holds at most; the backend cuts it further for the transcript. */
export const TURN_DIFF_MAX_PATCH_BYTES = 512 * 1024;

export interface DiffTurnOptions {
  git?: string;
  maxPatchBytes?: number;
}

/**
 * What the turn changed in the workspace so far, from git: every file (new ones too) against the
 * commit the turn started from (or the worktree after its setup script), each with its lines added and removed, and the patch, capped. It
 * reads the work tree through an index of its own (in the git directory, outside the agent's
 * reach), so it neither stages anything nor depends on what the agent did to the index. An
 * environment's paths start with their repository.
 */
export async function diffTurn(
  workspace: SessionWorkspace,
  signal: AbortSignal,
  { git = "git", maxPatchBytes = TURN_DIFF_MAX_PATCH_BYTES }: DiffTurnOptions = {},
): Promise<TurnDiff> {
  const several = workspace.repositories.length > 1;
  const diff: TurnDiff = { files: [], patch: "" };
  for (const repository of workspace.repositories) {
    const room = maxPatchBytes - Buffer.byteLength(diff.patch);
    const one = await diffRepository(repository, signal, git, several ? `${repository.repo}/` : "", room);
    diff.files.push(...one.files);
    diff.patch += one.patch;
  }
  return diff;
}

async function diffRepository(
  repository: WorkspaceRepository,
  signal: AbortSignal,
  git: string,
  prefix: string,
  maxPatchBytes: number,
): Promise<TurnDiff> {
  const index = join(repository.gitDir, "baton-turn-diff.index");
  const env = { GIT_INDEX_FILE: index };
  const run = (args: string[], maxOutputBytes?: number) =>
    workspaceGit(repository, args, signal, { git, env, ...(maxOutputBytes ? { maxOutputBytes } : {}) });
  try {
    await expectGit("read-tree", run(["read-tree", "HEAD"]));
    await expectGit("add", run(["add", "--all"]));
    const range = ["--cached", "--no-renames", repository.baseline ?? repository.startCommit];
    const numstat = await expectGit("diff --numstat", run(["diff", "--numstat", "-z", ...range]));
    const files = readNumstat(numstat, prefix);
    if (files.length === 0 || maxPatchBytes <= 0) return { files, patch: "" };
    const prefixes = prefix ? [`--src-prefix=a/${prefix}`, `--dst-prefix=b/${prefix}`] : [];
    const patch = await run(["diff", "--no-color", ...prefixes, ...range], maxPatchBytes);
    const note = patch.truncated ? `\n… (the patch is cut at ${maxPatchBytes} bytes)\n` : "";
    return { files, patch: `${patch.stdout}${note}` };
  } finally {
    await rm(index, { force: true });
  }
}
