import { z } from "zod";
import { REPOSITORY_NAME_PATTERN } from "../schemas/target.js";
import { learningSchema } from "./learning-fields.js";

/** A target as written in the catalog: `owner/name`, `env:<id>` or `none`. */
export const targetRefSchema = z
  .string()
  .regex(/^(none|env:[\w.-]+|[\w.-]+\/[\w.-]+)$/, "must be owner/name, env:<id> or none");

/** What the coding agent (BATON_BACKEND=codex) may do in a target's workspace beyond its defaults. */
export const agentSettingsSchema = z
  .object({
    /** Commands in the sandbox may open network connections (off by default: installs, fetches). */
    network: z.boolean().default(false),
  })
  .strict();
export type AgentSettings = z.infer<typeof agentSettingsSchema>;

export const repositoryEntrySchema = z.object({
  repo: z.string().regex(REPOSITORY_NAME_PATTERN, "must be owner/name"),
  description: z.string().default(""),
  aliases: z.array(z.string().min(1)).default([]),
  keywords: z.array(z.string().min(1)).default([]),
  defaultBranch: z.string().min(1).optional(),
  /** Where the built-in agent clones it from, when not the default git host's `<repo>.git` (docs/backends.md). */
  url: z.string().min(1).optional(),
  /** A local git repository to clone from instead (a path on the worker's machine). */
  path: z.string().min(1).optional(),
  agent: agentSettingsSchema.optional(),
});
export type RepositoryEntry = z.infer<typeof repositoryEntrySchema>;

export const environmentEntrySchema = z.object({
  id: z.string().regex(/^[\w.-]+$/, "must be letters, digits, '.', '_' or '-'"),
  name: z.string().min(1),
  description: z.string().default(""),
  aliases: z.array(z.string().min(1)).default([]),
  keywords: z.array(z.string().min(1)).default([]),
  repositories: z.array(z.string().regex(REPOSITORY_NAME_PATTERN)).min(1),
  /** The coding agent's settings for a session on the whole environment (its repositories' own do not add up). */
  agent: agentSettingsSchema.optional(),
});
export type EnvironmentEntry = z.infer<typeof environmentEntrySchema>;

export const routingRuleSchema = z.object({
  keywords: z.array(z.string().min(1)).min(1),
  target: targetRefSchema,
});
export type RoutingRule = z.infer<typeof routingRuleSchema>;

export const steeringPolicySchema = z.union([z.enum(["requester", "channel"]), z.array(z.string().min(1))]);
export type SteeringPolicy = z.infer<typeof steeringPolicySchema>;

export const sharePolicySchema = z.object({
  mode: z.enum(["auto", "on-request", "off"]).default("auto"),
  /** Days a link lives; `never` for links that only revocation ends. */
  expiresInDays: z.union([z.number().positive(), z.literal("never")]).default(7),
});

/** The models people may choose on one backend (`!model NAME`), and the one used when they choose none. */
export const backendModelsSchema = z.object({
  default: z.string().min(1).optional(),
  allowed: z.array(z.string().min(1)).default([]),
});
export type BackendModels = z.infer<typeof backendModelsSchema>;

/**
 * The catalog's own keys, the same on every platform. Each platform adds its section (a top-level
 * key named by the platform) and its part of `access:` (`PlatformPolicy.catalog`);
 * `createCatalogSchema` composes them.
 */
export const baseCatalogShape = {
  repositories: z.array(repositoryEntrySchema).default([]),
  environments: z.array(environmentEntrySchema).default([]),
  routing: z.array(routingRuleSchema).default([]),
  sharing: sharePolicySchema.default({ mode: "auto", expiresInDays: 7 }),
  // Keyed by backend name (`openai`, `openinspect`, `plan`).
  models: z.record(z.string(), backendModelsSchema).default({}),
  /** What routing may learn from people's corrections, and who may make it a mapping. */
  learning: learningSchema.prefault({}),
};

/**
 * A parsed catalog: the shared keys, typed; each platform's section and its part of `access`
 * (who may use Baton at all, per platform: docs/security.md) as its module parsed them, read back
 * with `catalogSection`.
 */
export type Catalog = z.infer<z.ZodObject<typeof baseCatalogShape>> & {
  readonly access: Readonly<Record<string, unknown>>;
  readonly [platformSection: string]: unknown;
};
