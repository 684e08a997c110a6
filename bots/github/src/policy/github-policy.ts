import type { PlatformPolicy } from "@baton/core";
import { GITHUB_CATALOG, githubCatalogOf } from "./github-catalog.js";
import { GITHUB_CLASSIFIER_CONTEXT } from "./github-context.js";
import { createGithubMapping } from "./github-mapping.js";

/**
 * What core asks of GitHub: an issue or pull request conversation is named by its number, and a
 * pull request a session opened continues that session (a number that is an issue links to none);
 * the repository maps its requests; the item's title is the classifier's context.
 */
export const githubPolicy: PlatformPolicy<"github"> = {
  platform: "github",
  catalog: GITHUB_CATALOG,
  pullRequestOf: ({ owner, repo, number }) => ({ owner, repo, number }),
  mapping: createGithubMapping,
  classifierContext: GITHUB_CLASSIFIER_CONTEXT,
  mappingFacts: (catalog) =>
    Object.entries(githubCatalogOf(catalog).repositories).flatMap(([repo, entry]) =>
      entry.defaultEnvironment
        ? [{ target: `env:${entry.defaultEnvironment}`, fact: "github repository default", value: repo }]
        : [],
    ),
};
