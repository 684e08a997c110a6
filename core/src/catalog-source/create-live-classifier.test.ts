import { describe, expect, it } from "vitest";
import { buildTestRequest } from "../../test/fixtures/classifier/small-catalog.js";
import { createClassifier } from "../classifier/create-classifier.js";
import { parseCatalog } from "../config/load-catalog.js";
import { silentLogger } from "../contracts/logger.js";
import type { CatalogSnapshot, CatalogSource } from "./catalog-source.js";
import { createLiveClassifier } from "./create-live-classifier.js";

const request = (text: string) => buildTestRequest({ text });

const listed = (repo: string, description: string) => ({
  repo,
  description,
  topics: [],
  languages: [],
  archived: false,
  source: "github installation 1",
  seenAt: "2026-01-01T00:00:00.000Z",
});

describe("createLiveClassifier", () => {
  it("merges again when the source's version moves, and keeps the last catalog when the source fails", async () => {
    let snapshot: CatalogSnapshot = { version: "1", repositories: [], profiles: [] };
    let failing = false;
    let reads = 0;
    const source: CatalogSource = {
      version: async () => {
        if (failing) throw new Error("Redis is away");
        return snapshot.version;
      },
      read: async () => {
        reads += 1;
        return snapshot;
      },
    };
    const catalog = parseCatalog(
      { repositories: [{ repo: "acme/tax", description: "Sales tax and VAT" }] },
      "f",
    );
    const classifier = createLiveClassifier({
      catalog,
      source,
      logger: silentLogger,
      build: (merged) => createClassifier({ ...merged, logger: silentLogger }),
    });
    const ask = "the carrier integrations drop fedex labels";
    expect(await classifier.classify(request(ask))).toMatchObject({ kind: "chosen", via: "only" });
    await classifier.classify(request(ask));
    expect(reads).toBe(1); // the same version is not read twice

    snapshot = {
      version: "2",
      repositories: [listed("acme/shipping", "Carrier integrations, FedEx labels")],
      profiles: [],
    };
    expect(await classifier.classify(request(ask))).toMatchObject({
      kind: "chosen",
      target: { kind: "repository", repo: "acme/shipping" },
    });
    expect(reads).toBe(2);

    failing = true;
    expect(await classifier.classify(request(ask))).toMatchObject({ target: { repo: "acme/shipping" } });
  });
});
