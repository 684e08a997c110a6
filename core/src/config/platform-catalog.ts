import { z } from "zod";
import type { PlatformPolicies } from "../contracts/platform-policy.js";
import type { Platform } from "../schemas/conversation-ref.js";
import { baseCatalogShape, type Catalog } from "./catalog.js";
import type { TargetResolver } from "./create-target-resolver.js";

/** What a platform's `prune` may use: the catalog's targets, and where to say what it ignores. */
export interface CatalogCheck {
  catalog: Catalog;
  resolve: TargetResolver;
  /** `ref` at `path` names no repository or environment of the catalog, so `consequence`. */
  unknown(path: string, ref: string, consequence: string): void;
  warn(path: string, message: string): void;
}

/**
 * A platform's part of baton.config.yaml: its section, under the platform's name (`<platform>:`),
 * and its part of `access:` (`access.<platform>`), each a zod schema that gives its defaults for an absent
 * key. The module owns them; core only places them, so errors still name the full key.
 */
export interface PlatformCatalog {
  section?: z.ZodType;
  access?: z.ZodType;
  /**
   * Drops what in its section names a target the catalog does not list, and says which (by key)
   * through `check`: one typo should not keep Baton from starting, nor choose a target.
   */
  prune?(section: unknown, check: CatalogCheck): unknown;
}

/** A platform's catalog part, typed by its section while it is written. */
export function platformCatalog<S>(part: {
  section: z.ZodType<S>;
  access?: z.ZodType;
  prune?(section: S, check: CatalogCheck): S;
}): PlatformCatalog {
  return part as PlatformCatalog;
}

const schemas = new WeakMap<PlatformPolicies, z.ZodType<Catalog>>();

/** The catalog's schema with each platform's section and access part in place; built once per policy list. */
export function createCatalogSchema(platforms: PlatformPolicies): z.ZodType<Catalog> {
  const built = schemas.get(platforms);
  if (built) return built;
  const sections: Record<string, z.ZodType> = {};
  const access: Record<string, z.ZodType> = {};
  for (const { platform, catalog } of platforms.list) {
    if (catalog?.section) sections[platform] = catalog.section;
    if (catalog?.access) access[platform] = catalog.access;
  }
  const { repositories, environments, routing, ...rest } = baseCatalogShape;
  const schema = z
    .object({
      repositories,
      environments,
      routing,
      ...sections,
      ...rest,
      access: z.object(access).strict().prefault({}),
    })
    .strict() as unknown as z.ZodType<Catalog>;
  schemas.set(platforms, schema);
  return schema;
}

const read = new WeakMap<object, Map<z.ZodType, unknown>>();

function readOnce<T>(holder: object, value: unknown, schema: z.ZodType<T>): T {
  const bySchema = read.get(holder) ?? new Map<z.ZodType, unknown>();
  read.set(holder, bySchema);
  if (!bySchema.has(schema)) bySchema.set(schema, schema.parse(value));
  return bySchema.get(schema) as T;
}

/**
 * A platform's section of a catalog, as its schema reads it: its defaults when the catalog was
 * parsed without the platform (a catalog built for another platform's test, an empty one).
 */
export function catalogSection<T>(catalog: Catalog, platform: Platform, schema: z.ZodType<T>): T {
  return readOnce(catalog, catalog[platform], schema);
}

/** A platform's part of the catalog's `access:`, as its schema reads it (its defaults when absent). */
export function accessSection<T>(catalog: Catalog, platform: Platform, schema: z.ZodType<T>): T {
  return readOnce(catalog.access, catalog.access[platform], schema);
}
