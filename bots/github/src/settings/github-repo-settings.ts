import type { Catalog } from "@baton/core";
import { z } from "zod";
import { githubCatalogOf } from "../policy/github-catalog.js";

/** Probot's convention: per-repository settings live in `.github/<name>`, read with `context.config`. */
export const GITHUB_SETTINGS_FILE = "baton.yml";
export const GITHUB_SETTINGS_PATH = `.github/${GITHUB_SETTINGS_FILE}`;
/** Repository instructions are added to every prompt; more than this is cut. */
export const MAX_REPOSITORY_INSTRUCTIONS_CHARS = 4_000;

/** `.github/baton.yml`, as a repository writes it. Every key is optional. */
export const githubSettingsFileSchema = z.object({
  enabled: z.boolean().optional(),
  /** The label that starts a session on an issue or PR. */
  triggerLabel: z.string().min(1).optional(),
  /** Review newly opened, ready-for-review pull requests without being asked. */
  autoReview: z.boolean().optional(),
  /** Added to every prompt from this repository (conventions, test commands, …). */
  instructions: z.string().optional(),
  model: z.string().min(1).optional(),
  /** An environment id from Baton's catalog that contains this repository. */
  defaultEnvironment: z.string().min(1).optional(),
});

/** The settings in force for one repository: its file over the catalog over Baton's defaults. */
export interface GithubRepoSettings {
  enabled: boolean;
  triggerLabel: string;
  autoReview: boolean;
  instructions?: string;
  model?: string;
  defaultEnvironment?: string;
}

export type GithubSettingsRead =
  | { kind: "ok"; settings: GithubRepoSettings }
  /** The file exists but is not valid: the keys at fault, never their values. */
  | { kind: "invalid"; settings: GithubRepoSettings; paths: string[] };

/** Merges a repository's `.github/baton.yml` (already parsed, or null when absent) over the catalog. */
export function resolveGithubRepoSettings(file: unknown, catalog: Catalog, repo: string): GithubSettingsRead {
  const github = githubCatalogOf(catalog);
  const entry = Object.entries(github.repositories).find(
    ([name]) => name.toLowerCase() === repo.toLowerCase(),
  )?.[1];
  const defaults: GithubRepoSettings = {
    enabled: true,
    triggerLabel: github.label,
    autoReview: entry?.autoReview ?? false,
    ...(entry?.defaultEnvironment ? { defaultEnvironment: entry.defaultEnvironment } : {}),
  };
  if (file === null || file === undefined) return { kind: "ok", settings: defaults };
  const parsed = githubSettingsFileSchema.safeParse(file);
  if (!parsed.success)
    return {
      kind: "invalid",
      settings: defaults,
      paths: parsed.error.issues.map((issue) => issue.path.join(".") || "(file)"),
    };
  const { instructions, ...rest } = parsed.data;
  const settings: GithubRepoSettings = { ...defaults };
  for (const [key, value] of Object.entries(rest))
    if (value !== undefined) Object.assign(settings, { [key]: value });
  if (instructions?.trim())
    settings.instructions = instructions.trim().slice(0, MAX_REPOSITORY_INSTRUCTIONS_CHARS);
  return { kind: "ok", settings };
}
