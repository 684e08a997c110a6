import type { PlatformPolicies } from "../contracts/platform-policy.js";
import type { Catalog } from "./catalog.js";
import { createTargetResolver } from "./create-target-resolver.js";
import type { CatalogCheck } from "./platform-catalog.js";

/** Something in the catalog that Baton ignores, named by its key so an operator can fix it. */
export interface CatalogWarning {
  path: string;
  message: string;
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
): { catalog: Catalog; warnings: CatalogWarning[] } {
  const resolve = createTargetResolver(catalog);
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
