import type { PlatformPolicy } from "@baton/core";
import { LINEAR_CATALOG } from "./linear-catalog.js";
import { LINEAR_CLASSIFIER_CONTEXT } from "./linear-context.js";
import { createLinearMapping } from "./linear-mapping.js";

/**
 * What core asks of Linear: a project's or team's mapping (with label filters) maps its issues;
 * the title, description, labels, team and project are the classifier's context.
 */
export const linearPolicy: PlatformPolicy<"linear"> = {
  platform: "linear",
  catalog: LINEAR_CATALOG,
  mapping: createLinearMapping,
  classifierContext: LINEAR_CLASSIFIER_CONTEXT,
};
