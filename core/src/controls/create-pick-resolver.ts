import type { CatalogSource } from "../catalog-source/catalog-source.js";
import { mergeDiscoveredCatalog } from "../catalog-source/merge-discovered-catalog.js";
import type { Catalog } from "../config/catalog.js";
import { createTargetResolver } from "../config/create-target-resolver.js";
import type { Target } from "../schemas/target.js";

/**
 * Resolves a person's choice in a picker: against the file's catalog, and, when it does not list
 * the target and a catalog source is given, against the merged catalog as it is now — the picker
 * offers the repositories discovery lists, so choosing one must start the request. The source is
 * read only then (a choice the file knows costs no read); when it cannot be read, the choice is
 * unknown, as it would be without discovery.
 */
export function createPickResolver(
  catalog: Catalog,
  source?: CatalogSource,
): (ref: string) => Promise<Target | undefined> {
  const listed = createTargetResolver(catalog);
  return async (ref) => {
    const target = listed(ref);
    if (target || !source) return target;
    const snapshot = await source.read().catch(() => undefined);
    return snapshot
      ? createTargetResolver(mergeDiscoveredCatalog(catalog, snapshot).catalog)(ref)
      : undefined;
  };
}
