import type { Actor } from "@baton/core";
import type { WorkspaceRepository } from "../workspace/session-workspace.js";
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
 * Stages everything the turn changed in the worktree and commits it as the Baton App, with a
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
  await expectGit("add", git(["add", "--all"]));
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
