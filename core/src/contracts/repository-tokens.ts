/**
 * Where an agent backend gets a token to fetch a repository from GitHub: the GitHub App's
 * installation token (the GitHub bot provides one), or nothing for public repositories and
 * catalog entries with a `url` or `path` of their own.
 */
export interface RepositoryTokenProvider {
  /** A token that may read `repo` (`owner/name`), or undefined when there is none. */
  tokenFor(repo: string, signal: AbortSignal): Promise<string | undefined>;
}
