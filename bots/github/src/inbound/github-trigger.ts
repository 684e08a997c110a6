import type { ConversationRef, GithubReplyKind } from "@baton/core";

/** Why a GitHub event asks for work: someone wrote `@baton`, added the label, or the repository reviews new PRs. */
export type GithubTriggerKind = "mention" | "label" | "auto_review";

/** The issue or pull request an event is about. */
export interface GithubPlace {
  installationId: number;
  owner: string;
  repo: string;
  number: number;
  isPullRequest: boolean;
  url: string;
}

/** What the people who opened or commented wrote: shown to the agent as data, never as orders. */
export interface UntrustedGithubText {
  title: string;
  body: string;
  /** Set for a pull request whose head branch lives in another repository. */
  fork?: { headRepo: string; headRef: string };
  /** Set for a review comment: the line it is about. */
  review?: { path: string; line: number | null; diffHunk: string };
}

/** One request for work read from a verified webhook, before it becomes a `SessionRequest`. */
export interface GithubTrigger {
  kind: GithubTriggerKind;
  /** The label added, for `label` triggers. */
  label?: string;
  place: GithubPlace;
  reply: { kind: GithubReplyKind; commentId?: number; reviewId?: number };
  actor: { login: string; id: number };
  /** What the person asked, without the mention; a default request for label and auto-review triggers. */
  instruction: string;
  untrusted: UntrustedGithubText;
}

/** The conversation of an issue or PR: one session per issue or PR of an installation. */
export function conversationOfPlace(place: GithubPlace): Extract<ConversationRef, { platform: "github" }> {
  return {
    platform: "github",
    installationId: place.installationId,
    owner: place.owner,
    repo: place.repo,
    number: place.number,
  };
}
