/** A comment as the fake GitHub keeps it (issue and PR conversation comments alike). */
export interface FakeGithubComment {
  id: number;
  repo: string;
  issueNumber: number;
  body: string;
  author: string;
  authorType: "User" | "Bot";
  createdAt: string;
  updatedAt: string;
}

/** What a reaction was put on: a conversation comment, a review comment, or the issue/PR itself. */
export type ReactionSubject =
  | { kind: "issue_comment"; repo: string; commentId: number }
  | { kind: "review_comment"; repo: string; commentId: number }
  | { kind: "issue"; repo: string; issueNumber: number };

export interface FakeGithubReaction {
  id: number;
  subject: ReactionSubject;
  content: string;
  author: string;
}

export interface FakeGithubIssue {
  repo: string;
  number: number;
  title: string;
  body: string;
  author: string;
  /** Set for pull requests: where the head branch lives. */
  pull?: {
    headRepo: string;
    headRef: string;
    baseRef: string;
    draft: boolean;
    /** Set once someone closed it (`merged` when they merged it); open until then. */
    closed?: { merged: boolean };
  };
}

/** What GitHub shows of a repository beyond its files: `GET /installation/repositories`, its languages, its branch. */
export interface FakeGithubRepository {
  description: string;
  topics: string[];
  defaultBranch: string;
  /** Bytes of code per language, as `GET /repos/{owner}/{repo}/languages` answers. */
  languages: Record<string, number>;
  archived: boolean;
  private: boolean;
  /** The default branch's head commit; tests move it to make a profile stale. */
  headSha: string;
}

export type RepositoryPermission = "admin" | "maintain" | "write" | "triage" | "read" | "none";

export function subjectKey(subject: ReactionSubject): string {
  return subject.kind === "issue"
    ? `${subject.kind}:${subject.repo}#${subject.issueNumber}`
    : `${subject.kind}:${subject.repo}:${subject.commentId}`;
}

/** The fake's state: what tests seed (permissions, files, issues) and what the bot wrote. */
export function createFakeGithubStore() {
  let nextId = 1_000;
  const comments = new Map<number, FakeGithubComment>();
  const reactions: FakeGithubReaction[] = [];
  const permissions = new Map<string, RepositoryPermission>();
  const files = new Map<string, string>();
  const issues = new Map<string, FakeGithubIssue>();
  const issued = new Map<string, number>();
  /** Where the App is installed: `owner/name` → installation id. */
  const installations = new Map<string, number>();
  const repositories = new Map<string, FakeGithubRepository>();
  /** Repositories whose plan has no draft pull requests (GitHub Free's private repositories). */
  const withoutDrafts = new Set<string>();

  return {
    comments,
    reactions,
    permissions,
    files,
    issues,
    installations,
    repositories,
    withoutDrafts,
    newId: () => ++nextId,
    issueToken(installationId: number): string {
      const token = `ghs_fake${installationId}x${++nextId}`;
      issued.set(token, installationId);
      return token;
    },
    installationOf: (token: string) => issued.get(token),
    permissionOf: (repo: string, login: string): RepositoryPermission =>
      permissions.get(`${repo}:${login.toLowerCase()}`) ?? "none",
    reset() {
      comments.clear();
      reactions.length = 0;
      permissions.clear();
      files.clear();
      issues.clear();
      issued.clear();
      installations.clear();
      repositories.clear();
      withoutDrafts.clear();
    },
  };
}

export type FakeGithubStore = ReturnType<typeof createFakeGithubStore>;
