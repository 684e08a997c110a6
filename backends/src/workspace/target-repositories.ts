import { BatonError, type Catalog, type Target } from "@baton/core";

/** The repositories a target works on (none, one, or an environment's side by side), with the branch the target names. */
export function targetRepositories(
  target: Target,
  catalog: Catalog,
): Array<{ repo: string; branch?: string }> {
  switch (target.kind) {
    case "none":
      return [];
    case "repository":
      return [target.branch ? { repo: target.repo, branch: target.branch } : { repo: target.repo }];
    case "environment": {
      const environment = catalog.environments.find((e) => e.id === target.id);
      if (!environment)
        throw new BatonError(
          "target_not_found",
          `environment ${target.id} is not in the catalog`,
          `The environment ${target.id} is no longer in Baton's catalog.`,
        );
      return environment.repositories.map((repo) => ({ repo }));
    }
  }
}
