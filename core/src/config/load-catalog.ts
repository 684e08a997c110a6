import { readFile } from "node:fs/promises";
import { parse as parseYaml, YAMLParseError } from "yaml";
import { errorMessage } from "../describe-error.js";
import { BatonError } from "../errors.js";
import { type Catalog, catalogSchema, EMPTY_CATALOG } from "./catalog.js";
import { type CatalogWarning, pruneUnknownTargets } from "./prune-unknown-targets.js";

/** A valid catalog, cleaned of rules and mappings that name unknown targets, and what was ignored. */
export interface CatalogLoadResult {
  catalog: Catalog;
  warnings: CatalogWarning[];
}

export class CatalogError extends BatonError {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(
      "catalog_invalid",
      `${file} is not a valid Baton catalog:\n${problems.map((p) => `  - ${p}`).join("\n")}\nFix these keys (see docs/configuration.md) and start Baton again.`,
    );
  }
}

/**
 * Validates an already-parsed catalog; `file` names the source in errors. Rules and mappings that
 * name unknown targets are dropped; use `parseCatalogWithWarnings` to report them.
 */
export function parseCatalog(raw: unknown, file: string): Catalog {
  return parseCatalogWithWarnings(raw, file).catalog;
}

/**
 * Validates an already-parsed catalog and lists what it ignores (e.g. a routing rule whose target
 * is not listed), so the caller can log each warning once at startup.
 */
export function parseCatalogWithWarnings(raw: unknown, file: string): CatalogLoadResult {
  if (raw === null || raw === undefined) return { catalog: EMPTY_CATALOG, warnings: [] };
  const parsed = catalogSchema.safeParse(raw);
  if (!parsed.success) {
    throw new CatalogError(
      file,
      parsed.error.issues.map((issue) => `${issue.path.join(".") || "(top level)"}: ${issue.message}`),
    );
  }
  const unknownEnvironmentRefs = findUnknownEnvironmentRepositories(parsed.data);
  if (unknownEnvironmentRefs.length > 0) throw new CatalogError(file, unknownEnvironmentRefs);
  return pruneUnknownTargets(parsed.data);
}

/**
 * Reads `baton.config.yaml` (or the file BATON_CONFIG names). A missing file is an empty catalog
 * when `required` is false, so Baton starts with no configuration at all.
 */
export async function loadCatalog(file: string, options: { required?: boolean } = {}): Promise<Catalog> {
  return (await loadCatalogWithWarnings(file, options)).catalog;
}

/**
 * Like `loadCatalog`, and also returns what the catalog ignores.
 *
 * @example
 * const { catalog, warnings } = await loadCatalogWithWarnings(config.BATON_CONFIG);
 * for (const w of warnings) log.warn("server.catalog.ignored", { path: w.path, reason: w.message });
 */
export async function loadCatalogWithWarnings(
  file: string,
  { required = false }: { required?: boolean } = {},
): Promise<CatalogLoadResult> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" && !required) {
      return { catalog: EMPTY_CATALOG, warnings: [] };
    }
    throw new CatalogError(file, [`cannot be read: ${errorMessage(error)}`]);
  }
  try {
    return parseCatalogWithWarnings(parseYaml(text), file);
  } catch (error) {
    if (error instanceof YAMLParseError) {
      const where = error.linePos?.[0] ? `line ${error.linePos[0].line}, column ${error.linePos[0].col}` : "";
      throw new CatalogError(file, [`YAML syntax error ${where}: ${error.code}`]);
    }
    throw error;
  }
}

function findUnknownEnvironmentRepositories(catalog: Catalog): string[] {
  const known = new Set(catalog.repositories.map((r) => r.repo.toLowerCase()));
  return catalog.environments.flatMap((env, index) =>
    env.repositories
      .map((repo, repoIndex) => ({ repo, repoIndex }))
      .filter(({ repo }) => !known.has(repo.toLowerCase()))
      .map(
        ({ repo, repoIndex }) =>
          `environments.${index}.repositories.${repoIndex}: ${repo} is not listed under repositories`,
      ),
  );
}
