import type { Target } from "../schemas/target.js";
import type { Catalog } from "./catalog.js";

/** Turns a catalog target reference (`owner/name`, `env:<id>`, `none`) into a target. */
export type TargetResolver = (ref: string) => Target | undefined;

/**
 * Resolves references against one catalog: repositories case-insensitively (code hosts' names are),
 * environments by id. A reference to something the catalog does not list resolves to
 * `undefined`, so a typo in a rule can never send an agent to an unlisted codebase.
 *
 * @example
 * const resolve = createTargetResolver(catalog);
 * resolve("env:checkout"); // { kind: "environment", id: "checkout" }
 */
export function createTargetResolver(catalog: Catalog): TargetResolver {
  const repositories = new Map(catalog.repositories.map((r) => [r.repo.toLowerCase(), r.repo]));
  const environments = new Map(catalog.environments.map((e) => [e.id.toLowerCase(), e.id]));
  return (ref) => {
    const trimmed = ref.trim();
    if (trimmed.toLowerCase() === "none") return { kind: "none" };
    if (trimmed.toLowerCase().startsWith("env:")) {
      const id = environments.get(trimmed.slice("env:".length).toLowerCase());
      return id === undefined ? undefined : { kind: "environment", id };
    }
    const repo = repositories.get(trimmed.toLowerCase());
    return repo === undefined ? undefined : { kind: "repository", repo };
  };
}
