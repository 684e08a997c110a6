import type { PlatformPolicies } from "../contracts/platform-policy.js";
import { REPOSITORY_NAME_PATTERN } from "../schemas/target.js";
import type { Catalog } from "./catalog.js";
import { createTargetResolver, type TargetResolver } from "./create-target-resolver.js";
import type { CatalogCheck } from "./platform-catalog.js";

/** Something in the catalog that Baton ignores, named by its key so an operator can fix it. */
export interface CatalogWarning {
  path: string;
  message: string;
}

export interface PruneOptions {
  /**
   * A catalog source is on (a platform lists repositories): an `owner/name` the file does not
   * list may be one it lists, so it is kept, and resolved against the merged catalog when Baton
   * classifies (see `findUnknownTargets`).
   */
  discovery?: boolean;
}

/**
 * Removes routing rules and mappings whose target the catalog does not list, and says which: the
 * routing rules here, each platform's own mappings by its `prune`. A stale rule is ignored rather
 * than fatal: one typo should not keep Baton from starting, and a rule that cannot resolve must
 * never choose a target.
 */
export function pruneUnknownTargets(
  catalog: Catalog,
  platforms: PlatformPolicies,
  { discovery = false }: PruneOptions = {},
): { catalog: Catalog; warnings: CatalogWarning[] } {
  const listed = createTargetResolver(catalog);
  const resolve = discovery ? orDiscoverable(listed) : listed;
  const warnings: CatalogWarning[] = [];
  const check: CatalogCheck = {
    catalog,
    resolve,
    unknown: (path, ref, consequence) =>
      warnings.push({
        path,
        message: `${ref} is not a repository or environment of the catalog; ${consequence}`,
      }),
    warn: (path, message) => warnings.push({ path, message }),
  };

  const routing = catalog.routing.filter((rule, index) => {
    if (resolve(rule.target)) return true;
    check.unknown(`routing.${index}.target`, rule.target, "the rule is ignored");
    return false;
  });

  const pruned: Record<string, unknown> = { ...catalog, routing };
  for (const { platform, catalog: part } of platforms.list) {
    if (part?.prune && catalog[platform] !== undefined)
      pruned[platform] = part.prune(catalog[platform], check);
  }
  return { catalog: pruned as Catalog, warnings };
}

/**
 * What the file names that a merged catalog (the file's and what the platforms listed) still does
 * not know: an `owner/name` not installed, or archived. Each such rule or mapping is skipped while
 * so; the classifier logs them and `baton catalog show` prints them.
 */
export function findUnknownTargets(merged: Catalog, platforms: PlatformPolicies): CatalogWarning[] {
  return [...findUnknownEnvironmentRepositories(merged), ...pruneUnknownTargets(merged, platforms).warnings];
}

/** An environment's repositories that the catalog does not list, one warning each. */
export function findUnknownEnvironmentRepositories(catalog: Catalog): CatalogWarning[] {
  const known = new Set(catalog.repositories.map((r) => r.repo.toLowerCase()));
  return catalog.environments.flatMap((env, index) =>
    env.repositories
      .map((repo, repoIndex) => ({ repo, repoIndex }))
      .filter(({ repo }) => !known.has(repo.toLowerCase()))
      .map(({ repo, repoIndex }) => ({
        path: `environments.${index}.repositories.${repoIndex}`,
        message: `${repo} is not listed under repositories`,
      })),
  );
}

/** The file's targets, and any well-formed `owner/name` besides: discovery may list it. */
function orDiscoverable(listed: TargetResolver): TargetResolver {
  return (ref) => {
    const target = listed(ref);
    if (target) return target;
    const trimmed = ref.trim();
    return REPOSITORY_NAME_PATTERN.test(trimmed) ? { kind: "repository", repo: trimmed } : undefined;
  };
}
