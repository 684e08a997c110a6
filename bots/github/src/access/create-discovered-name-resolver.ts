import {
  type Catalog,
  type CatalogSource,
  mergeDiscoveredCatalog,
  parseRequestText,
  type Target,
} from "@baton/core";

/**
 * What a `!repo` naming a repository the file does not list resolves to in the catalog as it is
 * now (the file merged with what the App lists): the worker's classifier resolves the flag so, so
 * the admission must ask about the same repository. Read again the way the flag was read, so a
 * distinctive name (`vault-keys`) counts as the classifier counts it. A source that cannot be read
 * throws: the turn is not admitted on a guess.
 */
export function createDiscoveredNameResolver(
  catalog: Catalog,
  source: CatalogSource | undefined,
): (text: string) => Promise<Target | undefined> {
  return async (text) => {
    // Environments are always the file's: what it does not list, nothing resolves.
    if (!source || /^env:/i.test(text)) return undefined;
    const merged = mergeDiscoveredCatalog(catalog, await source.read()).catalog;
    return parseRequestText(`!repo ${text}`, merged).hints.target?.target;
  };
}
