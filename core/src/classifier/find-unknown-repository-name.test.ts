import { describe, expect, it } from "vitest";
import { buildTestRequest } from "../../test/fixtures/classifier/small-catalog.js";
import { parseCatalog } from "../config/load-catalog.js";
import { silentLogger } from "../contracts/logger.js";
import { createClassifier } from "./create-classifier.js";
import { closestRepositories, findUnknownRepositoryName } from "./find-unknown-repository-name.js";
import { indexCatalog } from "./index-catalog.js";

const catalog = parseCatalog(
  {
    repositories: [
      { repo: "acme/shipping", description: "Carrier integrations" },
      { repo: "acme/shipping-rates", description: "Rate shopping" },
      { repo: "acme/tax", description: "Sales tax" },
    ],
  },
  "baton.config.yaml",
);
const index = indexCatalog(catalog);

const request = (text: string) => buildTestRequest({ text });

describe("an owner/name the catalog does not know", () => {
  it("is found only with a known owner, outside URLs", () => {
    expect(findUnknownRepositoryName("fix the link in acme/shiping.", index)).toBe("acme/shiping");
    expect(findUnknownRepositoryName("fix the link in acme/shipping", index)).toBeUndefined();
    expect(findUnknownRepositoryName("the client/server split and/or the cache", index)).toBeUndefined();
    expect(findUnknownRepositoryName("see https://github.com/acme/shiping/pull/3", index)).toBeUndefined();
  });

  it("offers the nearest known names first", () => {
    expect(closestRepositories("acme/shiping", index)).toEqual([
      { kind: "repository", repo: "acme/shipping" },
    ]);
    expect(closestRepositories("acme/zzzzzzzz", index)).toEqual([]);
  });

  it("gets an answer that says so and offers the closest known ones, never a silent guess", async () => {
    const classifier = createClassifier({ catalog, logger: silentLogger });
    const decision = await classifier.classify(request("the carrier integrations break in acme/shiping"));
    expect(decision).toMatchObject({
      kind: "ask",
      reason: '"acme/shiping" is not a repository or environment Baton knows.',
    });
    expect(decision.kind === "ask" && decision.candidates[0]).toEqual({
      kind: "repository",
      repo: "acme/shipping",
    });
  });
});
