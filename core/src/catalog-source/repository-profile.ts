import { z } from "zod";
import { REPOSITORY_NAME_PATTERN } from "../schemas/target.js";

/** A profile keeps at most this many terms: enough to say what a codebase is about, small in Redis. */
export const PROFILE_MAX_TERMS = 160;
/** The README's opening, as a person would read it in a picker or the LLM in its prompt. */
export const PROFILE_MAX_SUMMARY_CHARS = 320;

/**
 * What a repository is about, read from the repository itself (the first part of its README, its
 * top-level folders and package names, its CODEOWNERS teams), as a compact lexical profile. The
 * lexical scorer reads `terms` as weak evidence, the LLM prompt reads `summary`. `revision` is the
 * commit of the default branch it was read at: a profile is read again only when that moves.
 */
export const repositoryProfileSchema = z.object({
  repo: z.string().regex(REPOSITORY_NAME_PATTERN),
  terms: z.array(z.string().min(1)).max(PROFILE_MAX_TERMS),
  summary: z.string().max(PROFILE_MAX_SUMMARY_CHARS + 1),
  /** Where each kind of term came from, for `baton catalog show` (e.g. "README.md", "package.json"). */
  sources: z.array(z.string()).default([]),
  revision: z.string().optional(),
  builtAt: z.string(),
});
export type RepositoryProfile = z.infer<typeof repositoryProfileSchema>;
