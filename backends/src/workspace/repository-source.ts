import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Catalog } from "@baton/core";

export const DEFAULT_GIT_HOST = "https://github.com";

export interface RepositorySource {
  /** What `git fetch` reads from. */
  url: string;
  /** Whether the token provider's token applies (the repository lives on the git host). */
  onGitHost: boolean;
  /** The branch to check out when the target names none. */
  defaultBranch?: string;
}

/**
 * Where a repository comes from: the catalog entry's local `path`, its `url`, or the git host
 * (`https://github.com/<owner>/<name>.git`, or GitHub Enterprise's host).
 */
export function repositorySource(
  repo: string,
  catalog: Catalog,
  gitHost = DEFAULT_GIT_HOST,
): RepositorySource {
  const entry = catalog.repositories.find((r) => r.repo.toLowerCase() === repo.toLowerCase());
  const host = gitHost.replace(/\/+$/, "");
  const defaultBranch = entry?.defaultBranch ? { defaultBranch: entry.defaultBranch } : {};
  if (entry?.path)
    return { url: pathToFileURL(resolve(entry.path)).href, onGitHost: false, ...defaultBranch };
  if (entry?.url) return { url: entry.url, onGitHost: entry.url.startsWith(`${host}/`), ...defaultBranch };
  return { url: `${host}/${repo}.git`, onGitHost: true, ...defaultBranch };
}

/**
 * The token as git's own configuration for this host only, passed in the environment: it never
 * reaches the command line (where `ps` shows it) or the checkout's `.git/config`.
 */
export function gitAuthEnvironment(gitHost: string, token: string): Record<string, string> {
  const basic = Buffer.from(`x-access-token:${token}`).toString("base64");
  return {
    GIT_CONFIG_COUNT: "1",
    GIT_CONFIG_KEY_0: `http.${gitHost.replace(/\/+$/, "")}/.extraheader`,
    GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${basic}`,
  };
}
