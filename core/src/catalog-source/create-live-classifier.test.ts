import { createRecordingLogger } from "@baton/testkit";
import { describe, expect, it } from "vitest";
import { buildTestRequest } from "../../test/fixtures/classifier/small-catalog.js";
import { createClassifier } from "../classifier/create-classifier.js";
import { parseCatalog } from "../config/load-catalog.js";
import { silentLogger } from "../contracts/logger.js";
import { NO_PLATFORM_POLICIES } from "../contracts/platform-policy.js";
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
      platforms: NO_PLATFORM_POLICIES,
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

  it("routes a rule naming a repository only discovery lists once it lists it, and skips it, said once, while not", async () => {
    let snapshot: CatalogSnapshot = {
      version: "1",
      repositories: [listed("acme/web", "Storefront")],
      profiles: [],
    };
    const source: CatalogSource = { version: async () => snapshot.version, read: async () => snapshot };
    const catalog = parseCatalog(
      { routing: [{ keywords: ["terraform"], target: "acme/infra" }] },
      "f",
      NO_PLATFORM_POLICIES,
      { discovery: true },
    );
    expect(catalog.routing).toEqual([{ keywords: ["terraform"], target: "acme/infra" }]);
    const logger = createRecordingLogger();
    const classifier = createLiveClassifier({
      catalog,
      source,
      logger,
      platforms: NO_PLATFORM_POLICIES,
      build: (merged) => createClassifier({ ...merged, logger: silentLogger }),
    });
    const ask = "terraform plan fails on the staging module";
    // Not installed: the rule routes nowhere, and the only repository is no keyword match.
    expect(await classifier.classify(request(ask))).not.toMatchObject({ via: "rule" });
    snapshot = { ...snapshot, version: "2" };
    await classifier.classify(request(ask));
    const unknown = () => logger.lines.filter((line) => line.event === "core.catalog_source.unknown_target");
    expect(unknown()).toHaveLength(1); // a second merge with the target still unknown says nothing new
    expect(unknown()[0]?.fields).toMatchObject({ path: "routing.0.target" });
    expect(String(unknown()[0]?.fields.reason)).toContain("acme/infra");

    snapshot = {
      version: "3",
      repositories: [listed("acme/web", "Storefront"), listed("acme/infra", "Cloud setup")],
      profiles: [],
    };
    expect(await classifier.classify(request(ask))).toMatchObject({
      kind: "chosen",
      via: "rule",
      target: { kind: "repository", repo: "acme/infra" },
    });

    // Archived again (or uninstalled): skipped again, and said again.
    snapshot = {
      version: "4",
      repositories: [listed("acme/web", "Storefront"), { ...listed("acme/infra", "x"), archived: true }],
      profiles: [],
    };
    expect(await classifier.classify(request(ask))).not.toMatchObject({ via: "rule" });
    expect(unknown()).toHaveLength(2);
  });
});
