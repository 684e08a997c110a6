import { readFile } from "node:fs/promises";
import { parse as parseYaml, YAMLParseError } from "yaml";
import { BatonError } from "../errors.js";
import { type Catalog, catalogSchema, EMPTY_CATALOG } from "./catalog.js";

export class CatalogError extends BatonError {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(
      "catalog_invalid",
      `${file} is not a valid Baton catalog:\n${problems.map((p) => `  - ${p}`).join("\n")}\nFix these keys (see the README's Configuration section) and start Baton again.`,
    );
  }
}

/** Validates an already-parsed catalog; `file` names the source in errors. */
export function parseCatalog(raw: unknown, file: string): Catalog {
  if (raw === null || raw === undefined) return EMPTY_CATALOG;
  const parsed = catalogSchema.safeParse(raw);
  if (!parsed.success) {
    throw new CatalogError(
      file,
      parsed.error.issues.map((issue) => `${issue.path.join(".") || "(top level)"}: ${issue.message}`),
    );
  }
  const unknownEnvironmentRefs = findUnknownEnvironmentRepositories(parsed.data);
  if (unknownEnvironmentRefs.length > 0) throw new CatalogError(file, unknownEnvironmentRefs);
  return parsed.data;
}

/**
 * Reads `baton.config.yaml` (or the file BATON_CONFIG names). A missing file is an empty catalog
 * when `required` is false, so Baton starts with no configuration at all.
 */
export async function loadCatalog(file: string, { required = false } = {}): Promise<Catalog> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" && !required) return EMPTY_CATALOG;
    throw new CatalogError(file, [`cannot be read: ${(error as Error).message}`]);
  }
  try {
    return parseCatalog(parseYaml(text), file);
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
