/** One repository checked out for the agent: its name and its directory (a real path). */
export interface WorkspaceRoot {
  repo: string;
  dir: string;
  /** The commit the checkout is at. */
  commit: string;
}

/**
 * What the agent may read: the target's repositories side by side (one for a repository, several
 * for an environment, none for "no repository").
 */
export interface Workspace {
  roots: readonly WorkspaceRoot[];
}

/** A turn's own workspace, until it is released when the turn ends. */
export interface PreparedWorkspace extends Workspace {
  /** Removes the turn's checkouts. Safe to call more than once. */
  release(): Promise<void>;
}

export const EMPTY_WORKSPACE: PreparedWorkspace = { roots: [], release: async () => {} };
