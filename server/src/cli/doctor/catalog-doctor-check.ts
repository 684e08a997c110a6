import { access } from "node:fs/promises";
import {
  type BotModule,
  type Catalog,
  type CatalogCount,
  CatalogError,
  loadCatalogWithWarnings,
} from "@baton/core";
import { BOT_MODULES, platformPoliciesOf } from "../../bots/bot-modules.js";
import { catalogDiscoveryOn } from "../../bots/catalog-discovery-on.js";
import type { Config } from "../../config/load-config.js";
import type { DoctorCheck, DoctorCheckResult, DoctorContext, DoctorFinding } from "./doctor-check.js";
import { undiscoveredTargetFindings } from "./undiscovered-target-findings.js";

/** The catalog (BATON_CONFIG): valid, what it holds, and what of it Baton ignores. */
export const catalogDoctorCheck: DoctorCheck = {
  name: "catalog",
  async run({ config }: DoctorContext): Promise<DoctorCheckResult> {
    const file = config.BATON_CONFIG;
    const title = `Catalog (${file})`;
    if (
      !(await access(file).then(
        () => true,
        () => false,
      ))
    ) {
      return {
        kind: "checked",
        title,
        findings: [
          {
            kind: "warning",
            text: "no such file: every request runs without a repository",
            fix: "Write a catalog of your repositories (docs/configuration.md has one), or set BATON_CONFIG to its path.",
          },
        ],
      };
    }
    try {
      const platforms = platformPoliciesOf(BOT_MODULES);
      const discovery = catalogDiscoveryOn(BOT_MODULES, config);
      const { catalog, warnings } = await loadCatalogWithWarnings(file, {
        required: true,
        platforms,
        discovery,
      });
      const ignored: DoctorFinding[] = warnings.map((warning) => ({
        kind: "warning",
        text: `${warning.path}: ${warning.message}`,
        fix: "Add the target to the catalog, or correct or remove this entry.",
      }));
      return {
        kind: "checked",
        title,
        findings: [
          { kind: "ok", text: `valid: ${describeCatalog(catalog)}` },
          ...ignored,
          ...(discovery ? await undiscoveredTargetFindings(config, catalog, platforms) : []),
        ],
      };
    } catch (error) {
      if (!(error instanceof CatalogError)) throw error;
      return {
        kind: "checked",
        title,
        findings: error.problems.map((problem) => ({
          kind: "problem",
          text: problem,
          fix: "Fix this key; Baton does not start with an invalid catalog.",
        })),
      };
    }
  },
};

/**
 * "3 repositories, 1 environment, …": what the catalog holds, for one line of the report; each
 * listed platform counts its own part (its module's `catalogCounts`).
 */
export function describeCatalog(
  catalog: Catalog,
  modules: readonly Pick<BotModule<Config>, "catalogCounts">[] = BOT_MODULES,
): string {
  const counts: CatalogCount[] = [
    { count: catalog.repositories.length, one: "repository", many: "repositories" },
    { count: catalog.environments.length, one: "environment", many: "environments" },
    { count: catalog.routing.length, one: "routing rule", many: "routing rules" },
    ...modules.flatMap((module) => module.catalogCounts?.(catalog) ?? []),
  ];
  const parts = counts.map(({ count, one, many }) => `${count} ${count === 1 ? one : many}`);
  return `${parts.join(", ")}; sharing ${catalog.sharing.mode}`;
}
