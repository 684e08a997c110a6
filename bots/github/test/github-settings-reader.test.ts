import { createPlatformPolicies, parseCatalog, silentLogger } from "@baton/core";
import { type FakeGithub, startFakeGithub } from "@baton/testkit";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { githubPolicy } from "../src/policy/github-policy.js";
import { createGithubSettingsReader } from "../src/settings/create-github-settings-reader.js";
import { octokitsForFakeGithub } from "./octokits-for-fake-github.js";

const CONTENTS_ROUTE = "GET /repos/{owner}/{repo}/contents/{path}";
const INSTALLATION = 91;
const CATALOG = parseCatalog(
  { repositories: [{ repo: "acme/api" }, { repo: "acme/web" }], github: { label: "agent" } },
  "test",
  createPlatformPolicies([githubPolicy]),
);

describe("a repository's .github/baton.yml, read for its turns", () => {
  let github: FakeGithub;
  let nowMs = 0;
  beforeAll(async () => {
    github = await startFakeGithub();
  });
  afterAll(() => github.close());
  beforeEach(() => {
    github.reset();
    nowMs = 1_000_000;
  });

  async function reader() {
    return createGithubSettingsReader({
      octokits: await octokitsForFakeGithub(github),
      catalog: CATALOG,
      logger: silentLogger,
      ttlMs: 60_000,
      now: () => nowMs,
    });
  }
  const api = { installationId: INSTALLATION, owner: "acme", repo: "api" };

  it("reads the file once a minute per repository, however many turns ask", async () => {
    github.setFile("acme/api", ".github/baton.yml", "model: gpt-api\n");
    const settings = await reader();
    const turns = await Promise.all(Array.from({ length: 5 }, () => settings.read(api)));
    expect(turns.map((read) => read.model)).toEqual(Array(5).fill("gpt-api"));
    expect(github.callsTo(CONTENTS_ROUTE)).toHaveLength(1);

    // A change is seen once the minute is over, not before.
    github.setFile("acme/api", ".github/baton.yml", "model: gpt-next\n");
    nowMs += 59_000;
    expect((await settings.read({ ...api, owner: "ACME" })).model).toBe("gpt-api");
    nowMs += 2_000;
    expect((await settings.read(api)).model).toBe("gpt-next");
    expect(github.callsTo(CONTENTS_ROUTE)).toHaveLength(2);
  });

  it("keeps each repository's own settings, and the catalog's where it has no file", async () => {
    github.setFile("acme/api", ".github/baton.yml", "enabled: false\n");
    const settings = await reader();
    expect((await settings.read(api)).enabled).toBe(false);
    const web = await settings.read({ installationId: INSTALLATION, owner: "acme", repo: "web" });
    expect(web).toMatchObject({ enabled: true, triggerLabel: "agent" });
    // No file in acme/web: Probot's loader also asked the owner's `.github` repository.
    expect(github.callsTo(CONTENTS_ROUTE).map((call) => call.path)).toEqual([
      "/repos/acme/api/contents/.github%2Fbaton.yml",
      "/repos/acme/web/contents/.github%2Fbaton.yml",
      "/repos/acme/.github/contents/.github%2Fbaton.yml",
    ]);
  });

  it("does not remember a read that failed: the next turn asks again", async () => {
    github.setFile("acme/api", ".github/baton.yml", "model: gpt-api\n");
    github.failNext(CONTENTS_ROUTE, { kind: "http", status: 403 });
    const settings = await reader();
    await expect(settings.read(api)).rejects.toMatchObject({ status: 403 });
    expect((await settings.read(api)).model).toBe("gpt-api");
    expect(github.callsTo(CONTENTS_ROUTE).map((call) => call.status)).toEqual([403, 200]);
  });
});
