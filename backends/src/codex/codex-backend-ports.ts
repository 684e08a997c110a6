import type { BackendTurn } from "@baton/core";
import type { PublishOutcome } from "./publish/publish-outcome.js";
import type { SessionWorkspace } from "./workspace/session-workspace.js";

/** One file a turn changed, with its lines added and removed. */
export interface ChangedFile {
  path: string;
  added: number;
  removed: number;
}

/** What a turn changed in its workspace, from git (never from what the agent says it did). */
export interface TurnDiff {
  files: ChangedFile[];
  /** The unified diff, already capped by its maker. */
  patch: string;
}

/** A command the agent ran to check its work, for the pull request's body. */
export interface CheckRun {
  command: string;
  exitCode: number | null;
}

export interface PublishTurnInput {
  workspace: SessionWorkspace;
  turn: BackendTurn;
  /** The agent's final message: the pull request's title comes from its first line. */
  summary: string;
  checks: CheckRun[];
  /** Where the session started and its share link, for the pull request's body. */
  links: { origin?: string; share?: string };
}

/** Commits and pushes a turn's changes of each repository, and opens or updates its pull request. */
export type PublishTurn = (input: PublishTurnInput, signal: AbortSignal) => Promise<PublishOutcome[]>;

/** What the turn changed in the workspace so far. */
export type DiffTurn = (workspace: SessionWorkspace, signal: AbortSignal) => Promise<TurnDiff>;
