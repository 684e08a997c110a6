import { describe, expect, it } from "vitest";
import { parseCatalog } from "../config/load-catalog.js";
import type { DiscoveredRepository } from "./discovered-repository.js";
import { mergeDiscoveredCatalog } from "./merge-discovered-catalog.js";

const listed = (repo: string, more: Partial<DiscoveredRepository> = {}): DiscoveredRepository => ({
  repo,
  description: "",
  topics: [],
  languages: [],
  archived: false,
  source: "github installation 1",
  seenAt: "2026-01-01T00:00:00.000Z",
  ...more,
});

describe("mergeDiscoveredCatalog", () => {
  it("adds listed repositories; the file's words win, the listing fills what the file leaves out", () => {
    const catalog = parseCatalog(
      { repositories: [{ repo: "acme/tax", description: "Sales tax and VAT", keywords: ["avalara"] }] },
      "baton.config.yaml",
    );
    const merged = mergeDiscoveredCatalog(catalog, {
      version: "1",
      repositories: [
        listed("acme/Tax", { description: "Tax things", topics: ["sales-tax"], defaultBranch: "trunk" }),
        listed("acme/shipping", {
          description: "Carrier integrations",
          topics: ["fedex"],
          languages: ["Go"],
        }),
        listed("acme/old", { archived: true }),
      ],
      profiles: [
        {
          repo: "acme/shipping",
          terms: ["label"],
          summary: "Labels.",
          sources: [],
          builtAt: "2026-01-01T00:00:00.000Z",
        },
      ],
    });
    expect(merged.catalog.repositories.map((r) => r.repo)).toEqual(["acme/tax", "acme/shipping"]);
    expect(merged.catalog.repositories[0]).toMatchObject({
      description: "Sales tax and VAT",
      keywords: ["avalara", "sales tax"],
      defaultBranch: "trunk",
    });
    expect(merged.catalog.repositories[1]).toMatchObject({
      description: "Carrier integrations",
      keywords: ["fedex"],
    });
    expect(merged.profiles.get("acme/shipping")).toEqual({ terms: ["label", "go"], summary: "Labels." });
    expect(catalog.repositories).toHaveLength(1); // the file's catalog is left as it was
  });
});
