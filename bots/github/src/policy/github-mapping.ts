import type { Catalog, MappingMatch, RequestOf, Target, TargetResolver } from "@baton/core";
import { githubCatalogOf } from "./github-catalog.js";

/**
 * The repository the conversation is in: its `github.repositories` default environment when that
 * environment contains it, else the repository itself (listed in the catalog or not).
 */
export function createGithubMapping(
  catalog: Catalog,
  resolve: TargetResolver,
): (request: RequestOf<"github">) => MappingMatch | undefined {
  const defaults = new Map<string, Target>();
  for (const [repo, entry] of Object.entries(githubCatalogOf(catalog).repositories)) {
    const target =
      entry.defaultEnvironment === undefined ? undefined : resolve(`env:${entry.defaultEnvironment}`);
    if (target) defaults.set(repo.toLowerCase(), target);
  }
  return ({ conversation }) => {
    const repo = `${conversation.owner}/${conversation.repo}`;
    const environment = defaults.get(repo.toLowerCase());
    if (environment)
      return { target: environment, reason: `${repo}, where this was asked, defaults to this environment.` };
    const listed = resolve(repo);
    return {
      target: listed ?? { kind: "repository", repo },
      reason: `The conversation is in ${repo}${listed ? "" : " (not listed in the catalog)"}.`,
    };
  };
}
