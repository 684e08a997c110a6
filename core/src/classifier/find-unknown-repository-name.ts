import type { Target } from "../schemas/target.js";
import type { ExplicitOutcome } from "./choose-explicit-target.js";
import type { CatalogIndex } from "./index-catalog.js";

/** How many near names an answer about an unknown `owner/name` offers first. */
export const CLOSEST_NAMES_OFFERED = 3;

// A word shaped like `owner/name`: one slash, no URL around it (`https://github.com/acme/web/pull/3`).
const OWNER_NAME = /(?<![\w./:-])([A-Za-z0-9][\w.-]*)\/([A-Za-z0-9][\w.-]*?)(?=[.,;:!?)]*(?:\s|$))/g;

/**
 * An `owner/name` in the requester's own words that names no target of the catalog, though its
 * owner is one the catalog knows (so "client/server" or "and/or" never count): a repository the
 * person means explicitly and Baton does not know, which must be said, not guessed around.
 */
export function findUnknownRepositoryName(own: string, index: CatalogIndex): string | undefined {
  if (!own.includes("/")) return undefined;
  const owners = ownersOf(index);
  for (const match of own.matchAll(OWNER_NAME)) {
    const [text = "", owner = ""] = match;
    if (!owners.has(owner.toLowerCase())) continue;
    if (!index.repositoryEntry(text)) return text;
  }
  return undefined;
}

/** The explicit step's outcome, or `unknown` when it found nothing but the words name an unknown `owner/name`. */
export function orUnknownName(outcome: ExplicitOutcome, own: string, index: CatalogIndex): ExplicitOutcome {
  if (outcome.kind !== "silent") return outcome;
  const text = findUnknownRepositoryName(own, index);
  return text ? { kind: "unknown", text } : outcome;
}

const ownersByIndex = new WeakMap<CatalogIndex, ReadonlySet<string>>();

/** The catalog's owners, gathered once per index (a request costs a lookup, not a scan). */
function ownersOf(index: CatalogIndex): ReadonlySet<string> {
  let owners = ownersByIndex.get(index);
  if (!owners) {
    owners = new Set(index.catalog.repositories.map((r) => (r.repo.split("/")[0] ?? "").toLowerCase()));
    ownersByIndex.set(index, owners);
  }
  return owners;
}

/** The known repositories whose names are nearest `text` (a typo, a renamed repository), nearest first. */
export function closestRepositories(text: string, index: CatalogIndex): Target[] {
  const wanted = text.toLowerCase();
  const wantedName = wanted.split("/").pop() ?? wanted;
  const limit = Math.max(2, Math.floor(wantedName.length / 3));
  return index.catalog.repositories
    .map((entry) => {
      const id = entry.repo.toLowerCase();
      const name = id.split("/").pop() ?? id;
      return { entry, distance: Math.min(editDistance(wanted, id), editDistance(wantedName, name)) };
    })
    .filter(({ distance }) => distance <= limit)
    .sort((a, b) => a.distance - b.distance)
    .slice(0, CLOSEST_NAMES_OFFERED)
    .map(({ entry }): Target => ({ kind: "repository", repo: entry.repo }));
}

/** Levenshtein distance, in one row of memory. */
function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = row[j] as number;
      row[j] = Math.min(above + 1, (row[j - 1] as number) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length] as number;
}
