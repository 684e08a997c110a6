import type { Target } from "../schemas/target.js";
import type { Catalog } from "./catalog.js";

/**
 * Whether the coding agent's commands may use the network for a session on `target`: only when
 * the catalog turns it on (`agent: { network: true }`) for that repository, or for that
 * environment as a whole. A session on no repository never gets it, and neither does a target the
 * catalog does not list: the safe answer is always "off".
 *
 * @example
 * agentNetworkFor(catalog, { kind: "repository", repo: "acme/web" }); // false unless acme/web says so
 */
export function agentNetworkFor(catalog: Catalog, target: Target): boolean {
  switch (target.kind) {
    case "none":
      return false;
    case "repository": {
      const repo = target.repo.toLowerCase();
      return catalog.repositories.find((entry) => entry.repo.toLowerCase() === repo)?.agent?.network ?? false;
    }
    case "environment":
      return catalog.environments.find((entry) => entry.id === target.id)?.agent?.network ?? false;
  }
}
