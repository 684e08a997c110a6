/**
 * Where an agent backend gets a token to fetch a repository from its code host: an app's
 * installation token (the code host's bot provides one), or nothing for public repositories and
 * catalog entries with a `url` or `path` of their own.
 */
export interface RepositoryTokenProvider {
  /** A token that may read `repo` (`owner/name`), or undefined when there is none. */
  tokenFor(repo: string, signal: AbortSignal): Promise<string | undefined>;
}
