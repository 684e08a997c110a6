import type { DemoRepository } from "@baton/core";

export const DEMO_BUGGY_LINE = "export const sum = (a, b) => a - b;";
export const DEMO_FIXED_LINE = "export const sum = (a, b) => a + b;";

/** A tiny JavaScript project whose `node --test` fails: `sum` subtracts. */
export const PLAYGROUND_DEMO_REPOSITORY: DemoRepository = {
  repo: "acme/calculator",
  description: "A tiny calculator library (JavaScript, node --test); its sum test fails",
  files: {
    "package.json": `${JSON.stringify(
      { name: "calculator", version: "1.0.0", type: "module", scripts: { test: "node --test" } },
      null,
      2,
    )}\n`,
    "src/sum.js": `${DEMO_BUGGY_LINE}\n`,
    "test/sum.test.js": [
      'import assert from "node:assert/strict";',
      'import { test } from "node:test";',
      'import { sum } from "../src/sum.js";',
      "",
      'test("sum adds two numbers", () => {',
      "  assert.equal(sum(2, 3), 5);",
      "});",
      "",
    ].join("\n"),
    "README.md": "# calculator\n\n`npm test` runs the tests (`node --test`).\n",
  },
};

/**
 * The catalog of the playground's codex mode: the demo repository, and what each pane maps to it
 * (`places`: the panes' `demo.catalogYaml(repo)`, a channel say).
 */
export function demoCatalogYaml(demo: DemoRepository, places: readonly string[], model: string): string {
  return [
    "# Written by the playground (BATON_BACKEND=codex with a scripted model): its demo repository.",
    "repositories:",
    `  - repo: ${demo.repo}`,
    `    description: ${JSON.stringify(demo.description)}`,
    ...places,
    "models:",
    "  codex:",
    `    default: ${model}`,
    "",
  ].join("\n");
}
