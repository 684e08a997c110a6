import { createDiscoveredCatalogStore, createRedisKeys, silentLogger } from "@baton/core";
import { type FakeGithub, startFakeGithub } from "@baton/testkit";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGithubCatalogDiscovery } from "../src/catalog/create-github-catalog-discovery.js";
import {
  listInstallationRepositories,
  listInstallations,
} from "../src/catalog/list-installation-repositories.js";
import { octokitsForFakeGithub } from "./octokits-for-fake-github.js";

describe("the GitHub App's repositories as the catalog", () => {
  let github: FakeGithub;
  let testRedis: TestRedis;
  beforeEach(async () => {
    github = await startFakeGithub();
    testRedis = await createTestRedis("github-catalog");
  });
  afterEach(async () => {
    await github.close();
    await testRedis.cleanup();
  });

  it("lists every page of an installation's repositories with what GitHub knows of each", async () => {
    for (let i = 0; i < 150; i += 1) github.install(`acme/repo-${String(i).padStart(3, "0")}`, 5);
    github.install("other/thing", 6);
    github.setRepository("acme/repo-007", {
      description: "Carrier integrations",
      topics: ["fedex"],
      defaultBranch: "trunk",
      languages: { Go: 10, Shell: 1 },
      archived: true,
    });
    const octokits = await octokitsForFakeGithub(github);
    expect(await listInstallations(await octokits.forApp())).toEqual([5, 6]);
    const listed = await listInstallationRepositories(await octokits.forInstallation(5), 5, new Date(0));
    expect(listed).toHaveLength(150);
    expect(github.callsTo("GET /installation/repositories")).toHaveLength(2);
    expect(listed.find((r) => r.repo === "acme/repo-007")).toMatchObject({
      description: "Carrier integrations",
      topics: ["fedex"],
      defaultBranch: "trunk",
      languages: ["Go"],
      archived: true,
      source: "github installation 5",
    });
    expect(listed.some((r) => r.repo === "other/thing")).toBe(false);
  });

  it("a refresh drops the listing of an installation that is gone, and skips archived repositories' profiles", async () => {
    github.install("acme/live", 5);
    github.install("acme/old", 5);
    github.setRepository("acme/old", { archived: true });
    github.setFile("acme/live", "README.md", "# live\n\nCarrier integrations.");
    github.setFile("acme/live", ".github/CODEOWNERS", "* @acme/fulfillment\n");
    const store = createDiscoveredCatalogStore({
      redis: testRedis.redis,
      keys: createRedisKeys(testRedis.prefix),
      logger: silentLogger,
    });
    await store.replaceListing("github:99", []);
    const discovery = createGithubCatalogDiscovery({
      octokits: await octokitsForFakeGithub(github),
      store,
      redis: testRedis.redis,
      leaseKey: `${testRedis.prefix}:lease`,
      logger: silentLogger,
    });
    await discovery.refreshAll();
    expect(await store.listings()).toEqual(["github:5"]);
    const snapshot = await store.read();
    expect(snapshot.repositories.map((r) => r.repo).sort()).toEqual(["acme/live", "acme/old"]);
    expect(snapshot.profiles.map((p) => p.repo)).toEqual(["acme/live"]);
    expect(snapshot.profiles[0]?.terms).toEqual(
      expect.arrayContaining(["fulfillment", "carrier", "integration"]),
    );
    expect(snapshot.profiles[0]?.sources).toEqual(["README", "top-level folders", ".github/CODEOWNERS"]);
    await discovery.close();
  });

  it("an installation_repositories event naming a repository already listed keeps what GitHub said of it", async () => {
    github.install("acme/web", 5);
    github.install("acme/old", 5);
    github.setRepository("acme/web", { description: "Carrier integrations", topics: ["fedex"] });
    github.setRepository("acme/old", { archived: true });
    const store = createDiscoveredCatalogStore({
      redis: testRedis.redis,
      keys: createRedisKeys(testRedis.prefix),
      logger: silentLogger,
    });
    const discovery = createGithubCatalogDiscovery({
      octokits: await octokitsForFakeGithub(github),
      store,
      redis: testRedis.redis,
      leaseKey: `${testRedis.prefix}:lease`,
      logger: silentLogger,
    });
    await discovery.refreshInstallation(5);
    // The event again (a redelivery), while GitHub cannot list the installation.
    github.failNext("GET /installation/repositories", { kind: "http", status: 403 });
    await discovery.applyChange({
      kind: "repositories",
      installationId: 5,
      added: ["acme/web", "acme/old"],
      removed: [],
    });
    await discovery.close();
    const { repositories } = await store.read();
    expect(repositories.find((r) => r.repo === "acme/web")).toMatchObject({
      description: "Carrier integrations",
      topics: ["fedex"],
    });
    expect(repositories.find((r) => r.repo === "acme/old")?.archived).toBe(true);
  });
});
