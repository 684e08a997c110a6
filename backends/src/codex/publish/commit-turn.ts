import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Actor } from "@baton/core";
import type { GitResult } from "../../workspace/run-git.js";
import type { WorkspaceRepository } from "../workspace/session-workspace.js";
import { pathsChangedSince } from "../workspace/snapshot-worktree.js";
import { expectGit, workspaceGit } from "../workspace/workspace-git.js";

/** Who commits: the Baton App (e.g. `baton[bot]`), never the person or the agent. */
export interface CommitAuthor {
  name: string;
  email: string;
}

export interface CommitTurnInput {
  repository: WorkspaceRepository;
  author: CommitAuthor;
  /** The person who asked: named in a `Requested-by` trailer. */
  requester: Actor;
  sessionId: string;
  subject: string;
  /** A paragraph under the subject (what was asked), already redacted. */
  body?: string;
  git?: string;
}

/** A trailer's value on one line, without the brackets that delimit its address. */
function trailerText(text: string): string {
  return text.replace(/[\r\n<>]+/g, " ").trim();
}

/** `Requested-by: Alice <slack:U123>`: who asked, as the platform knows them. */
export function requestedByTrailer(requester: Actor): string {
  const name = trailerText(requester.name ?? requester.id);
  return `Requested-by: ${name} <${requester.platform}:${trailerText(requester.id)}>`;
}

/**
 * Stages everything the turn changed in the worktree (after its setup script, when one ran) and commits it as the Baton App, with a
 * trailer naming the person who asked. Hooks never run. Resolves with the new commit, or null
 * when nothing changed.
 */
export async function commitTurn(input: CommitTurnInput, signal: AbortSignal): Promise<string | null> {
  const { repository, author } = input;
  const env = {
    GIT_AUTHOR_NAME: author.name,
    GIT_AUTHOR_EMAIL: author.email,
    GIT_COMMITTER_NAME: author.name,
    GIT_COMMITTER_EMAIL: author.email,
  };
  const git = (args: string[]) => workspaceGit(repository, args, signal, { git: input.git ?? "git", env });
  await expectGit("add", stageTurn(input, git, signal));
  const staged = await git(["diff", "--cached", "--quiet"]);
  if (staged.exitCode === 0) return null;
  const trailers = [requestedByTrailer(input.requester), `Baton-Session: ${input.sessionId}`].join("\n");
  const paragraphs = [input.subject, ...(input.body ? [input.body] : []), trailers];
  await expectGit(
    "commit",
    git(["commit", "--quiet", "--no-verify", ...paragraphs.flatMap((text) => ["-m", text])]),
  );
  return expectGit("rev-parse HEAD", git(["rev-parse", "HEAD"]));
}

/**
 * Everything in the worktree, or, after a setup script, only the paths that changed since it
 * ran (named in a file, NUL-separated and literal, however many there are).
 */
async function stageTurn(
  input: CommitTurnInput,
  git: (args: string[]) => Promise<GitResult>,
  signal: AbortSignal,
): Promise<GitResult> {
  const { repository } = input;
  if (!repository.baseline) return git(["add", "--all"]);
  const paths = await pathsChangedSince(repository, repository.baseline, signal, { git: input.git ?? "git" });
  if (paths.length === 0) return { exitCode: 0, stdout: "", stderr: "", truncated: false };
  const list = join(repository.gitDir, "baton-commit-paths");
  await writeFile(list, `${paths.join("\0")}\0`);
  try {
    return await git([
      "--literal-pathspecs",
      "add",
      "--all",
      `--pathspec-from-file=${list}`,
      "--pathspec-file-nul",
    ]);
  } finally {
    await rm(list, { force: true });
  }
}
