import type { Target } from "@baton/core";
import type { SessionWorkspace } from "./session-workspace.js";

export interface OpenWorkspaceInput {
  sessionId: string;
  target: Target;
  /** What the session is about (its first request): the branch's slug comes from it. */
  title: string;
}

/** A session is a branch: its workspaces, on whichever worker its turns run. */
export interface SessionWorkspaces {
  /**
   * The first turn makes worktree(s) of the target's base branch on a new branch
   * `baton/<slug>-<short session id>`; later turns get this worker's copy, brought up to the
   * pushed branch, or one restored from it (or from the base when nothing was pushed yet).
   */
  open(input: OpenWorkspaceInput, signal: AbortSignal): Promise<SessionWorkspace>;
  /** The session ended or expired: its workspace on this worker and its state go. */
  remove(sessionId: string): Promise<void>;
  /** Removes workspaces of ended or expired sessions, of processes that died, and those left idle. */
  sweep(): Promise<{ removed: string[] }>;
}
