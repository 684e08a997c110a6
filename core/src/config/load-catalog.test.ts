import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RAW_SMALL_CATALOG } from "../../test/fixtures/classifier/small-catalog.js";
import { PLATFORMS } from "../../test/fixtures/platforms.js";
import { repositoryEntrySchema } from "./catalog.js";
import {
  CatalogError,
  EMPTY_CATALOG,
  loadCatalog,
  loadCatalogWithWarnings,
  parseCatalog,
  parseCatalogWithWarnings,
} from "./load-catalog.js";
import { findUnknownTargets } from "./prune-unknown-targets.js";

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

  it("with discovery, keeps a rule, a mapping and an environment naming an owner/name the file does not list", () => {
    const raw = {
      repositories: [{ repo: "acme/web" }],
      environments: [{ id: "stack", name: "Stack", repositories: ["acme/web", "acme/infra"] }],
      routing: [
        { keywords: ["terraform"], target: "acme/infra" },
        { keywords: ["deploy"], target: "env:missing" },
      ],
      slack: { channels: { C1: { target: "acme/infra" } } },
      linear: { teams: { ENG: "acme/mobile" } },
    };
    const { catalog, warnings } = parseCatalogWithWarnings(raw, "baton.config.yaml", PLATFORMS, {
      discovery: true,
    });
    expect(catalog.routing.map((r) => r.target)).toEqual(["acme/infra"]);
    expect(catalog.slack).toMatchObject({ channels: { C1: { target: "acme/infra" } } });
    expect(catalog.linear).toMatchObject({ teams: { ENG: "acme/mobile" } });
    expect(catalog.environments[0]?.repositories).toEqual(["acme/web", "acme/infra"]);
    // An environment is never discovered: its unknown id is still dropped, with the warning.
    expect(warnings.map((w) => w.path)).toEqual(["routing.1.target"]);

    // Without discovery: dropped as before, and an environment's unlisted repository is an error.
    const { environments: _env, ...noEnvironment } = raw;
    const without = parseCatalogWithWarnings(noEnvironment, "baton.config.yaml", PLATFORMS);
    expect(without.catalog.routing).toEqual([]);
    expect(without.warnings.map((w) => w.path)).toEqual([
      "routing.0.target",
      "routing.1.target",
      "slack.channels.C1.target",
      "linear.teams.ENG",
    ]);
    expect(() => parseCatalogWithWarnings(raw, "x.yaml", PLATFORMS)).toThrow(
      /environments\.0\.repositories\.1: acme\/infra is not listed under repositories/,
    );
  });

  it("names what a merged catalog still does not know: targets, mappings and environments' repositories", () => {
    const kept = parseCatalog(
      {
        environments: [{ id: "stack", name: "Stack", repositories: ["acme/infra"] }],
        routing: [{ keywords: ["terraform"], target: "acme/infra" }],
        slack: { channels: { C1: { target: "acme/gone" } } },
      },
      "x.yaml",
      PLATFORMS,
      { discovery: true },
    );
    const merged = {
      ...kept,
      repositories: [...kept.repositories, repositoryEntrySchema.parse({ repo: "acme/infra" })],
    };
    expect(findUnknownTargets(kept, PLATFORMS).map((w) => w.path)).toEqual([
      "environments.0.repositories.0",
      "routing.0.target",
      "slack.channels.C1.target",
    ]);
    expect(findUnknownTargets(merged, PLATFORMS)).toEqual([
      {
        path: "slack.channels.C1.target",
        message: "acme/gone is not a repository or environment of the catalog; the channel has no target",
      },
    ]);
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
