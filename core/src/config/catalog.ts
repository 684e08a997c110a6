import { z } from "zod";
import { accessSchema } from "../access/access-rule.js";
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
  /** Where the built-in agent clones it from, when not `https://github.com/<repo>.git`. */
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

/** The models people may choose on one backend (`!model NAME`), and the one used when they choose none. */
export const backendModelsSchema = z.object({
  default: z.string().min(1).optional(),
  allowed: z.array(z.string().min(1)).default([]),
});
export type BackendModels = z.infer<typeof backendModelsSchema>;

export const catalogSchema = z
  .object({
    repositories: z.array(repositoryEntrySchema).default([]),
    environments: z.array(environmentEntrySchema).default([]),
    routing: z.array(routingRuleSchema).default([]),
    slack: z
      .object({
        // Keyed by channel id (C0123ABCD) or by channel name (#payments, payments).
        channels: z
          .record(
            z.string(),
            z.object({
              target: targetRefSchema.optional(),
              steering: steeringPolicySchema.default("requester"),
              /** The only targets requests in this channel may use (`!repo`, `in owner/repo` included); any when unset. */
              targets: z.array(targetRefSchema).min(1).optional(),
            }),
          )
          .default({}),
      })
      .default({ channels: {} }),
    linear: z
      .object({
        projects: z.record(z.string(), teamOrProjectTargetSchema).default({}),
        teams: z.record(z.string(), teamOrProjectTargetSchema).default({}),
      })
      .default({ projects: {}, teams: {} }),
    github: z
      .object({
        /** GitHub logins who may start sessions without write permission on the repository. */
        allowlist: z.array(z.string().min(1)).default([]),
        /** The label that starts a session on an issue or PR (a repository's `.github/baton.yml` may override it). */
        label: z.string().min(1).default("baton"),
        /** The handle people mention to call Baton (`@baton`): the App's name on GitHub. */
        mention: z
          .string()
          .regex(/^[\w-]+$/, "must be a GitHub handle without @")
          .default("baton"),
        repositories: z
          .record(
            z.string(),
            z.object({
              defaultEnvironment: z.string().optional(),
              /** Review newly opened, ready-for-review pull requests without being asked. */
              autoReview: z.boolean().optional(),
            }),
          )
          .default({}),
      })
      .default({ allowlist: [], label: "baton", mention: "baton", repositories: {} }),
    sharing: sharePolicySchema.default({ mode: "auto", expiresInDays: 7 }),
    // Keyed by backend name (`openai`, `openinspect`, `plan`).
    models: z.record(z.string(), backendModelsSchema).default({}),
    /** Who may use Baton at all, per platform (docs/security.md). */
    access: accessSchema.prefault({}),
    learning: learningSchema.prefault({}),
  })
  .strict();
export type Catalog = z.infer<typeof catalogSchema>;

export const EMPTY_CATALOG: Catalog = catalogSchema.parse({});
