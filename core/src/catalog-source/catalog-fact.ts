/**
 * One thing Baton knows of a target and where it came from, as `baton catalog show` prints it:
 * `baton.config.yaml`, a platform's listing ("github installation 12"), a repository's own files
 * ("README, package.json at 1a2b3c4"), or anything else that feeds the classifier (what routing
 * learned). Each kind of knowledge lists its facts with a `CatalogFactSource`; the command prints
 * them all, grouped by target.
 */
export interface CatalogFact {
  /** `owner/name`, `env:<id>`, or a place (`slack channel C0123`) for facts about where routing happens. */
  target: string;
  /** What is known: `description`, `keywords`, `profile`, `archived`, … */
  fact: string;
  value: string;
  source: string;
}

/** Lists the facts one kind of knowledge holds (the file and the discovered catalog are one each). */
export type CatalogFactSource = () => Promise<CatalogFact[]>;
