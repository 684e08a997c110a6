import type { PlatformPolicy } from "@baton/core";

/**
 * What core asks of GitHub: an issue or pull request conversation is named by its number, and a
 * pull request a session opened continues that session (a number that is an issue links to none).
 */
export const githubPolicy: PlatformPolicy<"github"> = {
  platform: "github",
  pullRequestOf: ({ owner, repo, number }) => ({ owner, repo, number }),
};
