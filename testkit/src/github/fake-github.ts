import type { FakeGitRepositories } from "./fake-git-repositories.js";
import type {
  FakeGithubComment,
  FakeGithubIssue,
  FakeGithubReaction,
  FakeGithubRepository,
  ReactionSubject,
  RepositoryPermission,
} from "./fake-github-store.js";
import type { FakeGithubRateLimits } from "./github-rate-limits.js";
import type { GithubTestApp } from "./github-test-app.js";

/**
 * A failure the fake answers with instead of the real result:
 * - `secondary_rate_limit`: 403 (or 429) with `retry-after` and GitHub's "secondary rate limit"
 *   message, which Octokit's throttling plugin waits out and retries;
 * - `http`: a bare status (500, 502, …), which Octokit's retry plugin retries.
 */
export type FakeGithubFailure =
  | { kind: "secondary_rate_limit"; status?: 403 | 429; retryAfterSeconds: number }
  | { kind: "http"; status: number };

export interface FakeGithubCall {
  /** Octokit's route, e.g. `PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}`. */
  route: string;
  method: string;
  path: string;
  params: Record<string, string>;
  body: Record<string, unknown>;
  status: number;
  at: number;
}

/** A request of git's smart HTTP (clone, fetch, push) to one of the fake's repositories. */
export interface FakeGitRequest {
  repo: string;
  /** `/info/refs`, `/git-upload-pack` or `/git-receive-pack`. */
  service: string;
  /** The path and query as git sent them (a token never belongs here). */
  url: string;
  status: number;
  /** Whether an installation token came in the `Authorization` header. */
  authenticated: boolean;
}

export interface FakeGithub {
  /** REST base URL, ready for `GITHUB_API_URL` (Octokit's `baseUrl`); also the git host (`<url>/<owner>/<name>.git`). */
  readonly url: string;
  /** The rate limits in force, when `rateLimits` was asked for. */
  readonly rateLimits: FakeGithubRateLimits | undefined;
  /** How many connections clients have opened to the fake so far (keep-alive ones count once). */
  readonly connectionsOpened: number;
  /**
   * Repositories served over git's smart HTTP; clone, fetch and push need an installation token
   * the fake issued (for the repository's installation, when it has one) as basic auth.
   */
  readonly git: FakeGitRepositories;
  readonly gitRequests: readonly FakeGitRequest[];
  /** An installation token as the access-tokens route would hand out (for tests that need one without an App JWT). */
  issueInstallationToken(installationId: number): string;
  /** The pull requests of `repo`, oldest first. */
  pullRequestsOf(repo: string): FakeGithubIssue[];
  /**
   * Closes pull request `number` of `repo` as someone on GitHub would, merged or not (the fake
   * records only that: its commits are not moved onto the base branch).
   */
  closePullRequest(repo: string, number: number, how: { merged: boolean }): void;
  readonly app: GithubTestApp;
  readonly calls: readonly FakeGithubCall[];
  callsTo(route: string): FakeGithubCall[];
  /** Resolves with the calls to `route` once `count` have arrived (failed ones included). */
  waitForCall(route: string, options?: { count?: number; timeoutMs?: number }): Promise<FakeGithubCall[]>;
  failNext(route: string, failure: FakeGithubFailure, times?: number): void;
  setPermission(repo: string, login: string, permission: RepositoryPermission): void;
  setFile(repo: string, path: string, text: string): void;
  /** `repo`'s plan has no draft pull requests: opening one is refused with GitHub's 422. */
  disallowDrafts(repo: string): void;
  /**
   * What GitHub knows of `repo` beyond its files (description, topics, default branch, languages,
   * archived, head commit); unset fields keep GitHub's defaults. Files come from `setFile`.
   */
  setRepository(repo: string, facts: Partial<FakeGithubRepository>): FakeGithubRepository;
  /** Uninstalls the App from `repo`. */
  uninstall(repo: string): void;
  /** Installs the App on `repo` (`owner/name`); other repositories answer 404 to `GET /repos/{owner}/{repo}/installation`. */
  install(repo: string, installationId: number): void;
  seedIssue(issue: Omit<FakeGithubIssue, "body" | "author"> & Partial<FakeGithubIssue>): void;
  /**
   * Stores a person's comment as if it had been posted on GitHub (its webhook is the caller's to
   * send), now or at `createdAt` (an ISO time).
   */
  seedComment(comment: {
    repo: string;
    issueNumber: number;
    body: string;
    author: string;
    authorType?: FakeGithubComment["authorType"];
    createdAt?: string;
  }): FakeGithubComment;
  /**
   * Calls `listener` after each recorded call, once the store holds its effect (the playground
   * follows the fake this way); returns the function that unsubscribes.
   */
  onCall(listener: (call: FakeGithubCall) => void): () => void;
  /** The comments on one issue or PR, oldest first. */
  commentsOn(repo: string, issueNumber: number): FakeGithubComment[];
  reactionsOn(subject: ReactionSubject): FakeGithubReaction[];
  reset(): void;
  close(): Promise<void>;
}
