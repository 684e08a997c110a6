import { describe, expect, it } from "vitest";
import { buildTargetPrompt } from "../classifier/build-target-prompt.js";
import { indexCatalog } from "../classifier/index-catalog.js";
import { parseCatalog } from "../config/load-catalog.js";
import { mergeDiscoveredCatalog } from "./merge-discovered-catalog.js";

describe("a repository's profile in the LLM prompt", () => {
  it("gives each candidate the opening of its README beside the catalog's words", () => {
    const catalog = parseCatalog(
      { repositories: [{ repo: "acme/tax", description: "Tax" }] },
      "baton.config.yaml",
    );
    const merged = mergeDiscoveredCatalog(catalog, {
      version: "1",
      repositories: [],
      profiles: [
        {
          repo: "acme/tax",
          terms: ["vat"],
          summary: "Sales tax, VAT and GST through Avalara.",
          sources: [],
          builtAt: "2026-01-01T00:00:00.000Z",
        },
      ],
    });
    const messages = buildTargetPrompt({
      index: indexCatalog(merged.catalog, merged.profiles),
      candidates: [{ kind: "repository", repo: "acme/tax" }],
      prompt: "the Quebec rate is wrong",
      context: {},
      contextKeys: [],
    });
    const candidateLine = String(messages[1]?.content).split("\n")[1];
    expect(JSON.parse(candidateLine ?? "")).toEqual({
      id: "acme/tax",
      kind: "repository",
      description: "Tax",
      readme: "Sales tax, VAT and GST through Avalara.",
    });
  });
});
