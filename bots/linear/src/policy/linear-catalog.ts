import {
  type AccessRule,
  accessSection,
  type Catalog,
  type CatalogCheck,
  catalogSection,
  platformCatalog,
  targetRefSchema,
} from "@baton/core";
import { z } from "zod";

/** A Linear mapping with an optional label filter: it applies when the issue has one of `labels`. */
export const linearMappingEntrySchema = z.object({
  target: targetRefSchema,
  labels: z.array(z.string()).default([]),
});
export type LinearMappingEntry = z.infer<typeof linearMappingEntrySchema>;

// A list lets one team or project send differently labelled issues to different targets; the first
// entry whose label filter matches wins.
const teamOrProjectTargetSchema = z.union([
  targetRefSchema,
  linearMappingEntrySchema,
  z.array(z.union([targetRefSchema, linearMappingEntrySchema])).min(1),
]);
export type LinearMapping = z.infer<typeof teamOrProjectTargetSchema>;

/** `linear:` in baton.config.yaml: projects and teams (by key or name) mapped to targets. */
export const linearCatalogSchema = z
  .object({
    projects: z.record(z.string(), teamOrProjectTargetSchema).default({}),
    teams: z.record(z.string(), teamOrProjectTargetSchema).default({}),
  })
  .default({ projects: {}, teams: {} });
export type LinearCatalog = z.infer<typeof linearCatalogSchema>;

/**
 * Linear (`access.linear`): which installed organisations, teams and people may use the agent.
 * Only an organisation that installed Baton (or the API key's) is ever served; these lists narrow
 * that down. An empty list allows everyone on that axis.
 */
export const linearAccessSchema = z
  .object({
    /** Organisation (workspace) ids. */
    organizations: z.array(z.string().min(1)).default([]),
    /** Teams, by key (`ENG`) or id, whose issues Baton may work on. */
    teams: z.array(z.string().min(1)).default([]),
    /** People, by Linear user id or email. */
    users: z.array(z.string().min(1)).default([]),
  })
  .strict()
  .prefault({});
export type LinearAccessPolicy = z.infer<typeof linearAccessSchema>;

/** A catalog's `linear:` section (its defaults when it has none). */
export const linearCatalogOf = (catalog: Catalog): LinearCatalog =>
  catalogSection(catalog, "linear", linearCatalogSchema);

/** A catalog's `access.linear`. */
export const linearAccessOf = (catalog: Catalog): LinearAccessPolicy =>
  accessSection(catalog, "linear", linearAccessSchema);

/** Linear's teams are its places; Linear has no guests, DMs or external people to refuse. */
export function linearAccessRule(access: LinearAccessPolicy): AccessRule {
  return {
    organizations: access.organizations,
    places: access.teams,
    users: access.users,
    userGroups: [],
    externalUsers: true,
    guests: true,
    directMessages: true,
  };
}

/** Linear's part of the catalog: its section, its access, mappings to unknown targets pruned. */
export const LINEAR_CATALOG = platformCatalog({
  section: linearCatalogSchema,
  access: linearAccessSchema,
  prune(section, check) {
    const prune = (part: "projects" | "teams") =>
      Object.fromEntries(
        Object.entries(section[part]).flatMap(([name, mapping]) => {
          const kept = pruneLinearMapping(mapping, `linear.${part}.${name}`, check);
          return kept === undefined ? [] : [[name, kept]];
        }),
      );
    return { projects: prune("projects"), teams: prune("teams") };
  },
});

function pruneLinearMapping(
  mapping: LinearMapping,
  path: string,
  { resolve, unknown }: CatalogCheck,
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
