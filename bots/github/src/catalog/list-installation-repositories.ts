import type { DiscoveredRepository } from "@baton/core";
import type { InstallationOctokit } from "../octokit/create-installation-octokits.js";

/** GitHub's largest page: a 200-repository installation is two requests. */
const PER_PAGE = 100;

/** The installations of the App, through its JWT (`GET /app/installations`, every page). */
export async function listInstallations(app: InstallationOctokit): Promise<number[]> {
  const installations = await app.paginate("GET /app/installations", { per_page: PER_PAGE });
  return installations.map((installation) => installation.id);
}

/** Where a listing came from, as `baton catalog show` prints it; and the store's listing id. */
export const listingSourceOf = (installationId: number) => `github installation ${installationId}`;
export const listingIdOf = (installationId: number) => `github:${installationId}`;

/**
 * The repositories one installation reaches (`GET /installation/repositories`, every page, with the
 * installation's token), with what GitHub knows of each: description, topics, default branch,
 * primary language, archived.
 */
export async function listInstallationRepositories(
  octokit: InstallationOctokit,
  installationId: number,
  now: Date,
): Promise<DiscoveredRepository[]> {
  const repositories = await octokit.paginate("GET /installation/repositories", { per_page: PER_PAGE });
  return repositories.map((repository) => ({
    repo: repository.full_name,
    description: repository.description ?? "",
    topics: repository.topics ?? [],
    defaultBranch: repository.default_branch,
    languages: repository.language ? [repository.language] : [],
    archived: repository.archived ?? false,
    source: listingSourceOf(installationId),
    seenAt: now.toISOString(),
  }));
}
