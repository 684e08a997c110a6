import type { RoutingPlace, SessionRequest } from "@baton/core";

/**
 * A GitHub request's place, as routing learns it: the issues and pull requests of its repository,
 * written in the catalog as `github.repositories.<owner/name>.defaultEnvironment`. What it learns
 * is which environment around the repository people keep moving its conversations to.
 */
export function githubRoutingPlace(request: SessionRequest): RoutingPlace | undefined {
  const { conversation } = request;
  if (conversation.platform !== "github") return undefined;
  const repo = `${conversation.owner}/${conversation.repo}`;
  return {
    key: githubPlaceKey(repo),
    label: `the issues of ${repo}`,
    catalogPath: ["github", "repositories", repo, "defaultEnvironment"],
  };
}

/** The key of an `owner/name` repository's place in routing's memory. */
export function githubPlaceKey(repo: string): string {
  return `github:${repo.toLowerCase()}`;
}
