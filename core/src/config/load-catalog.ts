import { readFile } from "node:fs/promises";
import { parse as parseYaml, YAMLParseError } from "yaml";
import { NO_PLATFORM_POLICIES, type PlatformPolicies } from "../contracts/platform-policy.js";
import { errorMessage } from "../describe-error.js";
import { BatonError } from "../errors.js";
import type { Catalog } from "./catalog.js";
import { createCatalogSchema } from "./platform-catalog.js";
import {
  type CatalogWarning,
  findUnknownEnvironmentRepositories,
  type PruneOptions,
  pruneUnknownTargets,
} from "./prune-unknown-targets.js";

/** The catalog's schema with no platform's section: the keys every platform shares. */
export const catalogSchema = createCatalogSchema(NO_PLATFORM_POLICIES);

/** The catalog of no configuration at all: every platform's section reads as its defaults. */
export const EMPTY_CATALOG: Catalog = catalogSchema.parse({});

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
 * Validates an already-parsed catalog; `file` names the source in errors, and `platforms` add
 * their sections (a catalog with a section of a platform not given is invalid). Rules and mappings
 * that name unknown targets are dropped; use `parseCatalogWithWarnings` to report them.
 */
export function parseCatalog(
  raw: unknown,
  file: string,
  platforms = NO_PLATFORM_POLICIES,
  options: PruneOptions = {},
): Catalog {
  return parseCatalogWithWarnings(raw, file, platforms, options).catalog;
}

/**
 * Validates an already-parsed catalog and lists what it ignores (e.g. a routing rule whose target
 * is not listed), so the caller can log each warning once at startup. With `discovery`, an
 * `owner/name` the file does not list (in a rule, a mapping, an environment) is kept for the
 * merged catalog to resolve.
 */
export function parseCatalogWithWarnings(
  raw: unknown,
  file: string,
  platforms: PlatformPolicies = NO_PLATFORM_POLICIES,
  options: PruneOptions = {},
): CatalogLoadResult {
  const parsed = createCatalogSchema(platforms).safeParse(raw ?? {});
  if (!parsed.success) {
    throw new CatalogError(
      file,
      parsed.error.issues.map((issue) => `${issue.path.join(".") || "(top level)"}: ${issue.message}`),
    );
  }
  const unknownEnvironmentRefs = options.discovery ? [] : findUnknownEnvironmentRepositories(parsed.data);
  if (unknownEnvironmentRefs.length > 0)
    throw new CatalogError(
      file,
      unknownEnvironmentRefs.map((w) => `${w.path}: ${w.message}`),
    );
  return pruneUnknownTargets(parsed.data, platforms, options);
}

/**
 * Reads `baton.config.yaml` (or the file BATON_CONFIG names). A missing file is an empty catalog
 * when `required` is false, so Baton starts with no configuration at all.
 */
export async function loadCatalog(file: string, options: CatalogLoadOptions = {}): Promise<Catalog> {
  return (await loadCatalogWithWarnings(file, options)).catalog;
}

export interface CatalogLoadOptions extends PruneOptions {
  /** A missing file is an error rather than an empty catalog. */
  required?: boolean;
  /** The platforms whose sections the catalog may have (the server's listed modules). */
  platforms?: PlatformPolicies;
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
  { required = false, platforms = NO_PLATFORM_POLICIES, ...prune }: CatalogLoadOptions = {},
): Promise<CatalogLoadResult> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" && !required) {
      return parseCatalogWithWarnings({}, file, platforms, prune);
    }
    throw new CatalogError(file, [`cannot be read: ${errorMessage(error)}`]);
  }
  try {
    return parseCatalogWithWarnings(parseYaml(text), file, platforms, prune);
  } catch (error) {
    if (error instanceof YAMLParseError) {
      const where = error.linePos?.[0] ? `line ${error.linePos[0].line}, column ${error.linePos[0].col}` : "";
      throw new CatalogError(file, [`YAML syntax error ${where}: ${error.code}`]);
    }
    throw error;
  }
}
