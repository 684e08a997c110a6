import type { RemoteEnvironment, RemoteRepository } from "@baton/backends";
import { type Document, isMap, isSeq, YAMLMap, YAMLSeq } from "yaml";

const ENVIRONMENT_ID_PATTERN = /^[\w.-]+$/;
const REPOSITORY_NAME_PATTERN = /^[\w.-]+\/[\w.-]+$/;

export interface CatalogMergeReport {
  addedRepositories: string[];
  addedEnvironments: string[];
  /** Entries the file already had: left as written, only fields it lacked were filled in. */
  keptRepositories: string[];
  keptEnvironments: string[];
  /** What could not be imported, and why. */
  skipped: string[];
}

/**
 * Adds the control plane's repositories and environments to a catalog document, keeping what the
 * file already says: its comments, its order, and every value it sets. An entry it already has
 * only gains the fields it lacked (a description, a default branch, aliases, keywords, a name).
 * The repository metadata the control plane's own bots route by (description, aliases, keywords)
 * comes first. Archived repositories are left out (the control plane does not list them), and so
 * are they from the environments that name them: an environment keeps the repositories the
 * catalog has, so that the result is always a catalog Baton starts with.
 */
export function mergeOpenInspectCatalog(
  doc: Document,
  remote: { repositories: RemoteRepository[]; environments: RemoteEnvironment[] },
): CatalogMergeReport {
  const report: CatalogMergeReport = {
    addedRepositories: [],
    addedEnvironments: [],
    keptRepositories: [],
    keptEnvironments: [],
    skipped: [],
  };
  if (doc.contents === null || doc.contents === undefined) doc.contents = new YAMLMap();
  if (!isMap(doc.contents)) throw new Error("the catalog's top level is not a mapping");
  const repositories = sequenceAt(doc, "repositories");
  for (const repository of remote.repositories) {
    const name = repository.fullName ?? `${repository.owner}/${repository.name}`;
    if (repository.archived) {
      report.skipped.push(`${name}: archived`);
      continue;
    }
    if (!REPOSITORY_NAME_PATTERN.test(name)) {
      report.skipped.push(`${name}: not an owner/name Baton can use`);
      continue;
    }
    const metadata = repository.metadata ?? {};
    const fields = {
      description: metadata.description || repository.description || undefined,
      defaultBranch: repository.defaultBranch || undefined,
      aliases: nonEmpty(metadata.aliases ?? []),
      keywords: nonEmpty([...(metadata.keywords ?? []), ...(repository.topics ?? [])]),
    };
    const existing = findEntry(repositories, "repo", name);
    if (existing) {
      fillMissing(doc, existing, fields);
      report.keptRepositories.push(name);
    } else {
      repositories.add(doc.createNode(withoutUndefined({ repo: name, ...fields })));
      report.addedRepositories.push(name);
    }
  }

  const environments = sequenceAt(doc, "environments");
  const listed = new Set(
    repositories.items.flatMap((item) => (isMap(item) ? [String(item.get("repo")).toLowerCase()] : [])),
  );
  for (const environment of remote.environments) {
    const named = environment.repositories.map((r) => `${r.repoOwner}/${r.repoName}`);
    const members = named.filter((name) => listed.has(name.toLowerCase()));
    const missing = named.filter((name) => !listed.has(name.toLowerCase()));
    if (!ENVIRONMENT_ID_PATTERN.test(environment.id)) {
      report.skipped.push(`environment ${environment.id}: its id has characters a catalog id may not hold`);
      continue;
    }
    const existing = findEntry(environments, "id", environment.id);
    const fields = {
      name: environment.name || environment.id,
      description: environment.description || undefined,
    };
    if (existing) {
      fillMissing(doc, existing, fields);
      report.keptEnvironments.push(environment.id);
      continue;
    }
    if (members.length === 0 || !members.every((name) => REPOSITORY_NAME_PATTERN.test(name))) {
      report.skipped.push(`environment ${environment.id}: no repositories Baton can use`);
      continue;
    }
    if (missing.length > 0)
      report.skipped.push(
        `from environment ${environment.id}: ${missing.join(", ")} (archived, or not a repository the control plane lists)`,
      );
    environments.add(
      doc.createNode(withoutUndefined({ id: environment.id, ...fields, repositories: members })),
    );
    report.addedEnvironments.push(environment.id);
  }
  return report;
}

/** The top-level list at `key`, created (at the end) when the file has none. */
function sequenceAt(doc: Document, key: string): YAMLSeq {
  const existing = doc.get(key, true);
  if (isSeq(existing)) return existing;
  if (existing !== undefined && existing !== null) throw new Error(`the catalog's ${key} is not a list`);
  const created = new YAMLSeq();
  doc.set(key, created);
  return created;
}

function findEntry(list: YAMLSeq, key: string, value: string): YAMLMap | undefined {
  return list.items.find((item): item is YAMLMap => isMap(item) && item.get(key) === value);
}

function fillMissing(doc: Document, entry: YAMLMap, fields: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(fields)) {
    const current = entry.get(key);
    if (value !== undefined && (current === undefined || current === null || current === ""))
      entry.set(key, doc.createNode(value));
  }
}

function nonEmpty(values: string[]): string[] | undefined {
  const unique = [...new Set(values.filter((value) => value.length > 0))];
  return unique.length > 0 ? unique : undefined;
}

function withoutUndefined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}
