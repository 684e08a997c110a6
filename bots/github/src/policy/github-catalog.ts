import { accessSection, type Catalog, catalogSection, platformCatalog } from "@baton/core";
import { z } from "zod";

/** `github:` in baton.config.yaml: who may start sessions, how Baton is called, per-repository defaults. */
export const githubCatalogSchema = z
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
          /** An environment's id; `env:<id>`, as `baton catalog export-learned` writes it, is the same. */
          defaultEnvironment: z
            .string()
            .transform((id) => id.replace(/^env:/, ""))
            .optional(),
          /** Review newly opened, ready-for-review pull requests without being asked. */
          autoReview: z.boolean().optional(),
        }),
      )
      .default({}),
  })
  .default({ allowlist: [], label: "baton", mention: "baton", repositories: {} });
export type GithubCatalog = z.infer<typeof githubCatalogSchema>;

/** GitHub (`access.github`): the least repository permission a person needs (the bot asks GitHub for it). */
export const githubAccessSchema = z
  .object({ minimumPermission: z.enum(["read", "triage", "write", "maintain", "admin"]).default("write") })
  .strict()
  .prefault({});
export type GithubAccess = z.infer<typeof githubAccessSchema>;

/** A catalog's `github:` section (its defaults when it has none). */
export const githubCatalogOf = (catalog: Catalog): GithubCatalog =>
  catalogSection(catalog, "github", githubCatalogSchema);

/** A catalog's `access.github`. */
export const githubAccessOf = (catalog: Catalog): GithubAccess =>
  accessSection(catalog, "github", githubAccessSchema);

/** GitHub's part of the catalog: its section, its access, default environments checked against the catalog. */
export const GITHUB_CATALOG = platformCatalog({
  section: githubCatalogSchema,
  access: githubAccessSchema,
  prune(section, { catalog, unknown, warn }) {
    const repositories = Object.fromEntries(
      Object.entries(section.repositories).map(([repo, entry]) => {
        const envId = entry.defaultEnvironment;
        if (envId === undefined) return [repo, entry];
        const environment = catalog.environments.find((e) => e.id === envId);
        const path = `github.repositories.${repo}.defaultEnvironment`;
        if (!environment) {
          unknown(path, `env:${envId}`, "the repository has no default environment");
        } else if (!environment.repositories.some((r) => r.toLowerCase() === repo.toLowerCase())) {
          warn(
            path,
            `environment ${envId} does not contain ${repo}, so conversations there use the repository itself`,
          );
        } else {
          return [repo, entry];
        }
        // The repository keeps its other settings; only the default environment goes.
        const { defaultEnvironment: _dropped, ...others } = entry;
        return [repo, others];
      }),
    );
    return { ...section, repositories };
  },
});
