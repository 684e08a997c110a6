import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RAW_SMALL_CATALOG } from "../../test/fixtures/classifier/small-catalog.js";
import { PLATFORMS } from "../../test/fixtures/platforms.js";
import {
  CatalogError,
  EMPTY_CATALOG,
  loadCatalog,
  loadCatalogWithWarnings,
  parseCatalog,
  parseCatalogWithWarnings,
} from "./load-catalog.js";

describe("parseCatalogWithWarnings", () => {
  it("drops a routing rule that names an unknown target, with a warning naming its key", () => {
    const { catalog, warnings } = parseCatalogWithWarnings(RAW_SMALL_CATALOG, "baton.config.yaml", PLATFORMS);
    expect(catalog.routing.map((r) => r.target)).toEqual(["acme/infra", "none", "acme/api"]);
    expect(warnings).toEqual([
      {
        path: "routing.3.target",
        message: "acme/observability is not a repository or environment of the catalog; the rule is ignored",
      },
    ]);
  });

  it("drops mappings to unknown targets and default environments that do not hold the repository", () => {
    const { catalog, warnings } = parseCatalogWithWarnings(
      {
        repositories: [{ repo: "acme/web" }, { repo: "acme/api" }],
        environments: [{ id: "api-only", name: "API", repositories: ["acme/api"] }],
        slack: { channels: { C1: { target: "env:nope", steering: "channel" } } },
        linear: { teams: { ENG: [{ target: "acme/gone", labels: ["x"] }, "acme/web"], OPS: "env:gone" } },
        github: {
          repositories: {
            "acme/web": { defaultEnvironment: "api-only" },
            "acme/api": { defaultEnvironment: "nope" },
          },
        },
      },
      "baton.config.yaml",
      PLATFORMS,
    );
    // Each platform prunes its own section, in the order the platforms are listed.
    expect(catalog.slack).toEqual({ channels: { C1: { steering: "channel" } } });
    expect(catalog.linear).toEqual({ projects: {}, teams: { ENG: ["acme/web"] } });
    expect(catalog.github).toMatchObject({ repositories: { "acme/web": {}, "acme/api": {} } });
    expect(warnings.map((w) => w.path)).toEqual([
      "slack.channels.C1.target",
      "github.repositories.acme/web.defaultEnvironment",
      "github.repositories.acme/api.defaultEnvironment",
      "linear.teams.ENG.0",
      "linear.teams.OPS",
    ]);
  });

  it("keeps parseCatalog returning the cleaned catalog", () => {
    expect(parseCatalog(RAW_SMALL_CATALOG, "x", PLATFORMS).routing).toHaveLength(3);
  });

  it("still rejects invalid catalogs, naming the key", () => {
    expect(() => parseCatalogWithWarnings({ repositories: [{ repo: "not a repo" }] }, "x.yaml")).toThrow(
      /repositories\.0\.repo/,
    );
  });
});

describe("loadCatalogWithWarnings", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "baton-catalog-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("reads a YAML file and reports its warnings", async () => {
    const file = join(dir, "baton.config.yaml");
    await writeFile(
      file,
      "repositories:\n  - repo: acme/web\nrouting:\n  - keywords: [legacy]\n    target: acme/monolith\n",
    );
    const { catalog, warnings } = await loadCatalogWithWarnings(file);
    expect(catalog.repositories.map((r) => r.repo)).toEqual(["acme/web"]);
    expect(catalog.routing).toEqual([]);
    expect(warnings).toHaveLength(1);
  });

  it("fails with CatalogError on broken YAML or a required file that is missing", async () => {
    const file = join(dir, "broken.yaml");
    await writeFile(file, "repositories: [\n");
    await expect(loadCatalogWithWarnings(file)).rejects.toBeInstanceOf(CatalogError);
    await expect(loadCatalog(join(dir, "missing.yaml"), { required: true })).rejects.toThrow(
      /cannot be read/,
    );
  });

  it("treats a missing optional file as an empty catalog", async () => {
    expect(await loadCatalogWithWarnings(join(dir, "missing.yaml"))).toEqual({
      catalog: EMPTY_CATALOG,
      warnings: [],
    });
  });
});
