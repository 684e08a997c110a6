import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The sample catalog shipped with the playground. It stays in `src/` (tsc copies no YAML); both
 * `src/playground/` and `dist/playground/` sit one level below the package, so this path holds for both.
 */
export const SAMPLE_CATALOG_PATH = fileURLToPath(
  new URL("../../src/playground/sample-catalog.yaml", import.meta.url),
);

/** The catalog the playground runs with: the user's when there is one, else the sample. */
export function playgroundCatalogPath(configured: string): { path: string; sample: boolean } {
  return existsSync(configured)
    ? { path: configured, sample: false }
    : { path: SAMPLE_CATALOG_PATH, sample: true };
}
