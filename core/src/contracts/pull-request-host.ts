/** A pull request a host answered with: its number in the repository and the page people open. */
export interface HostedPullRequest {
  number: number;
  url: string;
}

/** Where a pull request stands: still taking pushes, closed unmerged, or merged. */
export type PullRequestState = "open" | "closed" | "merged";

/**
 * What a host answered to opening or updating a pull request: the pull request, or its refusal
 * in the host's own words (`alreadyExists` when the branch already has an open one).
 */
export type PullRequestAnswer =
  | ({ ok: true } & HostedPullRequest)
  | { ok: false; status: number; message: string; alreadyExists: boolean };

/**
 * Where an agent backend opens the pull requests of the branches it pushed, provided by the
 * platform module that hosts the repositories (`RepositoryHost.pullRequests`). Each call is made
 * with the token a bot handed out for `repo` (`owner/name`); a refusal is an answer, not a throw.
 */
export interface PullRequestHost {
  /** Opens a draft; a ready pull request where the repository's plan has no drafts. */
  openDraft(
    input: { repo: string; token: string; title: string; head: string; base: string; body: string },
    signal: AbortSignal,
  ): Promise<PullRequestAnswer>;
  /** Replaces the description of pull request `number`. */
  update(
    input: { repo: string; token: string; number: number; body: string },
    signal: AbortSignal,
  ): Promise<PullRequestAnswer>;
  /** The open pull request whose head is `branch` of the same repository, if any. */
  findOpen(
    input: { repo: string; token: string; branch: string },
    signal: AbortSignal,
  ): Promise<HostedPullRequest | null>;
  /** Where pull request `number` stands; null when the host could not say (it is then taken as open). */
  stateOf(
    input: { repo: string; token: string; number: number },
    signal: AbortSignal,
  ): Promise<PullRequestState | null>;
}
