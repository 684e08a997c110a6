import type { PlatformTurn, ReplyAddress } from "@baton/core";

export type GithubTurn = PlatformTurn<"github">;

export type GithubReplyAddress = Extract<ReplyAddress, { platform: "github" }>;

/** Where a GitHub turn's replies go: the issue or PR, and the item the person wrote. */
export interface GithubThread {
  installationId: number;
  owner: string;
  repo: string;
  issueNumber: number;
  replyTo: GithubReplyAddress;
}

export function githubThreadOf(turn: GithubTurn): GithubThread {
  const { conversation, replyTo } = turn.request;
  return {
    installationId: conversation.installationId,
    owner: conversation.owner,
    repo: conversation.repo,
    issueNumber: conversation.number,
    // Turns stored before reply addresses existed answer on the issue or PR itself.
    replyTo: replyTo?.platform === "github" ? replyTo : { platform: "github", kind: "issue" },
  };
}

/** Label and auto-review turns are acknowledged only once admitted: nobody asked in words. */
export function isAskedInWords(thread: GithubThread): boolean {
  return (thread.replyTo.trigger ?? "mention") === "mention";
}
