import { z } from "zod";
import { REPOSITORY_NAME_PATTERN } from "../schemas/target.js";

/**
 * A repository a platform told Baton about (a code host listing what its App is installed on),
 * with the facts it keeps about it. `source` names where it was listed, in words a person can
 * read in `baton catalog show` ("github installation 12"); core never reads more into it.
 */
export const discoveredRepositorySchema = z.object({
  repo: z.string().regex(REPOSITORY_NAME_PATTERN),
  description: z.string().default(""),
  topics: z.array(z.string()).default([]),
  defaultBranch: z.string().min(1).optional(),
  /** The repository's main languages, largest first. */
  languages: z.array(z.string()).default([]),
  archived: z.boolean().default(false),
  source: z.string().min(1),
  seenAt: z.string(),
});
export type DiscoveredRepository = z.infer<typeof discoveredRepositorySchema>;
