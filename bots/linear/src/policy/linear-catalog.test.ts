import { createPlatformPolicies, EMPTY_CATALOG, parseCatalog, parseCatalogWithWarnings } from "@baton/core";
import { describe, expect, it } from "vitest";
import { linearAccessOf, linearAccessRule, linearCatalogOf } from "./linear-catalog.js";
import { linearPolicy } from "./linear-policy.js";

const withLinear = createPlatformPolicies([linearPolicy]);

describe("Linear's access rule", () => {
  it("keeps to the listed organisations, teams (its places) and people, and refuses no one by kind", () => {
    const catalog = parseCatalog(
      { access: { linear: { organizations: ["org-1"], teams: ["ENG"], users: ["user-1"] } } },
      "t",
      withLinear,
    );
    expect(linearAccessRule(linearAccessOf(catalog))).toEqual({
      organizations: ["org-1"],
      places: ["ENG"],
      users: ["user-1"],
      userGroups: [],
      externalUsers: true,
      guests: true,
      directMessages: true,
    });
    expect(linearAccessRule(linearAccessOf(EMPTY_CATALOG))).toMatchObject({
      organizations: [],
      places: [],
      users: [],
    });
  });
});

describe("Linear's section of the catalog", () => {
  it("drops mappings to targets the catalog does not list, naming each key", () => {
    const { catalog, warnings } = parseCatalogWithWarnings(
      {
        repositories: [{ repo: "acme/web" }],
        linear: { teams: { ENG: [{ target: "acme/gone", labels: ["x"] }, "acme/web"], OPS: "env:gone" } },
      },
      "baton.config.yaml",
      withLinear,
    );
    expect(linearCatalogOf(catalog)).toEqual({ projects: {}, teams: { ENG: ["acme/web"] } });
    expect(warnings.map((w) => w.path)).toEqual(["linear.teams.ENG.0", "linear.teams.OPS"]);
  });
});
