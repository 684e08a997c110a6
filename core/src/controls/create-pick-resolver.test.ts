import { describe, expect, it } from "vitest";
import { discoveredRepository } from "../../test/fixtures/discovered-repository.js";
import type { CatalogSnapshot, CatalogSource } from "../catalog-source/catalog-source.js";
import { parseCatalog } from "../config/load-catalog.js";
import { createPickResolver } from "./create-pick-resolver.js";

const catalog = parseCatalog({ repositories: [{ repo: "acme/web" }] }, "f");
const snapshot: CatalogSnapshot = {
  version: "1",
  repositories: [discoveredRepository("Acme/Infra")],
  profiles: [],
};

describe("createPickResolver", () => {
  it("knows the file's targets without reading the source, and a discovered repository by reading it", async () => {
    let reads = 0;
    const source: CatalogSource = {
      version: async () => "1",
      read: async () => {
        reads += 1;
        return snapshot;
      },
    };
    const resolve = createPickResolver(catalog, source);
    expect(await resolve("acme/web")).toEqual({ kind: "repository", repo: "acme/web" });
    expect(reads).toBe(0);
    expect(await resolve("acme/infra")).toEqual({ kind: "repository", repo: "Acme/Infra" });
    expect(await resolve("acme/nowhere")).toBeUndefined();
  });

  it("a discovered repository is unknown without a source, or while the source cannot be read", async () => {
    expect(await createPickResolver(catalog)("acme/infra")).toBeUndefined();
    const failing: CatalogSource = {
      version: async () => "1",
      read: async () => {
        throw new Error("Redis is away");
      },
    };
    expect(await createPickResolver(catalog, failing)("acme/infra")).toBeUndefined();
  });
});
