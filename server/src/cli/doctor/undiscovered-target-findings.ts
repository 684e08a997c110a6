import { type Catalog, findUnknownTargets, mergeDiscoveredCatalog, type PlatformPolicies } from "@baton/core";
import type { Config } from "../../config/load-config.js";
import { readDiscoveredCatalog } from "../read-discovered-catalog.js";
import type { DoctorFinding } from "./doctor-check.js";

/**
 * With discovery on, the file's rules and mappings may name repositories only a platform lists:
 * those the running Baton's discovered catalog (in Redis) does not list are skipped, one warning
 * each, so an operator sees which rule does nothing today.
 */
export async function undiscoveredTargetFindings(
  config: Config,
  catalog: Catalog,
  platforms: PlatformPolicies,
): Promise<DoctorFinding[]> {
  const discovered = await readDiscoveredCatalog(config);
  if (!discovered.ok)
    return [
      {
        kind: "warning",
        text: `could not check the catalog's targets against the discovered repositories: Redis is not reachable (${discovered.problem})`,
        fix: "Start Redis (REDIS_URL) and run baton doctor again.",
      },
    ];
  const merged = mergeDiscoveredCatalog(catalog, discovered.snapshot).catalog;
  return findUnknownTargets(merged, platforms).map((warning) => ({
    kind: "warning",
    text: `${warning.path}: ${warning.message} (no platform lists it: not installed, or archived)`,
    fix: "Install the app on that repository, list it under repositories, or correct or remove this entry.",
  }));
}
