import type { Catalog, LinearMapping } from "./catalog.js";
import { createTargetResolver, type TargetResolver } from "./create-target-resolver.js";

/** Something in the catalog that Baton ignores, named by its key so an operator can fix it. */
export interface CatalogWarning {
  path: string;
  message: string;
}

/**
 * Removes routing rules and mappings whose target the catalog does not list, and says which.
 * A stale rule is ignored rather than fatal: one typo should not keep Baton from starting, and a
 * rule that cannot resolve must never choose a target.
 */
export function pruneUnknownTargets(catalog: Catalog): { catalog: Catalog; warnings: CatalogWarning[] } {
  const resolve = createTargetResolver(catalog);
  const warnings: CatalogWarning[] = [];
  const unknown = (path: string, ref: string, consequence: string) =>
    warnings.push({
      path,
      message: `${ref} is not a repository or environment of the catalog; ${consequence}`,
    });

  const routing = catalog.routing.filter((rule, index) => {
    if (resolve(rule.target)) return true;
    unknown(`routing.${index}.target`, rule.target, "the rule is ignored");
    return false;
  });

  const channels = Object.fromEntries(
    Object.entries(catalog.slack.channels).map(([channel, entry]) => {
      if (entry.target === undefined || resolve(entry.target)) return [channel, entry];
      unknown(`slack.channels.${channel}.target`, entry.target, "the channel has no target");
      const { target: _dropped, ...rest } = entry;
      return [channel, rest];
    }),
  );

  const pruneLinear = (section: "projects" | "teams") =>
    Object.fromEntries(
      Object.entries(catalog.linear[section]).flatMap(([name, mapping]) => {
        const kept = pruneLinearMapping(mapping, `linear.${section}.${name}`, resolve, unknown);
        return kept === undefined ? [] : [[name, kept]];
      }),
    );

  const linear = { projects: pruneLinear("projects"), teams: pruneLinear("teams") };

  const repositories = Object.fromEntries(
    Object.entries(catalog.github.repositories).map(([repo, entry]) => {
      const envId = entry.defaultEnvironment;
      if (envId === undefined) return [repo, entry];
      const environment = catalog.environments.find((e) => e.id === envId);
      const path = `github.repositories.${repo}.defaultEnvironment`;
      if (!environment) {
        unknown(path, `env:${envId}`, "the repository has no default environment");
      } else if (!environment.repositories.some((r) => r.toLowerCase() === repo.toLowerCase())) {
        warnings.push({
          path,
          message: `environment ${envId} does not contain ${repo}, so conversations there use the repository itself`,
        });
      } else {
        return [repo, entry];
      }
      // The repository keeps its other settings; only the default environment goes.
      const { defaultEnvironment: _dropped, ...others } = entry;
      return [repo, others];
    }),
  );

  return {
    catalog: {
      ...catalog,
      routing,
      slack: { ...catalog.slack, channels },
      linear,
      github: { ...catalog.github, repositories },
    },
    warnings,
  };
}

function pruneLinearMapping(
  mapping: LinearMapping,
  path: string,
  resolve: TargetResolver,
  unknown: (path: string, ref: string, consequence: string) => void,
): LinearMapping | undefined {
  const entries = Array.isArray(mapping) ? mapping : [mapping];
  const kept = entries.filter((entry, index) => {
    const ref = typeof entry === "string" ? entry : entry.target;
    if (resolve(ref)) return true;
    unknown(Array.isArray(mapping) ? `${path}.${index}` : path, ref, "the mapping is ignored");
    return false;
  });
  if (kept.length === 0) return undefined;
  return Array.isArray(mapping) ? kept : kept[0];
}
