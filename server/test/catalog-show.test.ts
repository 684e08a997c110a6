import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  buildRepositoryProfile,
  createDiscoveredCatalogStore,
  createLearnedRoutingStore,
  createRedisKeys,
  silentLogger,
} from "@baton/core";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCatalogCommand } from "../src/cli/catalog-command.js";

const CATALOG = `repositories:
  - repo: acme/tax
    description: Sales tax and VAT calculation
    keywords: [avalara]
`;

describe("baton catalog show", () => {
  let testRedis: TestRedis;
  let dir: string;
  const out: string[] = [];
  const err: string[] = [];
  const io = (env: Record<string, string> = {}) => ({
    env: {
      BATON_CONFIG: join(dir, "baton.config.yaml"),
      REDIS_URL: testRedis.url,
      BATON_REDIS_PREFIX: testRedis.prefix,
      ...env,
    },
    stdout: (line: string) => out.push(line),
    stderr: (line: string) => err.push(line),
  });

  beforeEach(async () => {
    testRedis = await createTestRedis("catalog-show");
    dir = await mkdtemp(join(tmpdir(), "baton-catalog-show-"));
    await writeFile(join(dir, "baton.config.yaml"), CATALOG);
    out.length = 0;
    err.length = 0;
  });
  afterEach(async () => {
    await testRedis.cleanup();
    await rm(dir, { recursive: true, force: true });
  });

  it("prints each target's facts with where each came from: the file, the App's listing, the repository's files", async () => {
    const store = createDiscoveredCatalogStore({
      redis: testRedis.redis,
      keys: createRedisKeys(testRedis.prefix),
      logger: silentLogger,
    });
    const seenAt = "2026-01-01T00:00:00.000Z";
    await store.replaceListing("github:12", [
      {
        repo: "acme/shipping",
        description: "Carrier integrations",
        topics: ["fedex"],
        defaultBranch: "main",
        languages: ["Go"],
        archived: false,
        source: "github installation 12",
        seenAt,
      },
      {
        repo: "acme/old",
        description: "",
        topics: [],
        languages: [],
        archived: true,
        source: "github installation 12",
        seenAt,
      },
    ]);
    await store.putProfile(
      buildRepositoryProfile({
        repo: "acme/shipping",
        readme: "# shipping\n\nLabels and tracking links.",
        folders: ["carriers"],
        revision: "0123456789abcdef",
        sources: ["README"],
        now: new Date(seenAt),
      }),
    );
    expect(await runCatalogCommand(["show"], io())).toBe(0);
    const text = out.join("\n");
    expect(text).toMatch(/^acme\/tax\n {2}listed +yes {3}\[.*baton\.config\.yaml\]/m);
    expect(text).toMatch(/ {2}keywords +avalara {3}\[.*baton\.config\.yaml\]/);
    expect(text).toMatch(/^acme\/shipping$/m);
    expect(text).toMatch(/ {2}description +Carrier integrations {3}\[github installation 12\]/);
    expect(text).toMatch(
      / {2}profile +\d+ terms: carrier, shipping, label, tracking, link {3}\[README at 0123456, read 2026-01-01/,
    );
    expect(text).toMatch(
      / {2}archived +yes: no target unless baton\.config\.yaml lists it {3}\[github installation 12\]/,
    );
    // The file's targets first, then the discovered ones.
    expect(text.indexOf("acme/tax")).toBeLessThan(text.indexOf("acme/shipping"));

    out.length = 0;
    expect(await runCatalogCommand(["show", "--json"], io())).toBe(0);
    const json = JSON.parse(out.join("\n")) as {
      targets: string[];
      facts: Array<{ target: string; source: string }>;
    };
    expect(json.targets).toEqual(["acme/tax", "acme/shipping"]);
    expect(json.facts.filter((f) => f.target === "acme/shipping").map((f) => f.source)).toContain(
      "github installation 12",
    );
  });

  it("shows what routing learned as one more source of facts", async () => {
    const learned = createLearnedRoutingStore({
      redis: testRedis.redis,
      keys: createRedisKeys(testRedis.prefix),
    });
    const place = { key: "slack:C0TAX", label: "#tax-eng", catalogPath: ["slack", "channels", "C0TAX"] };
    await learned.recordVote(place, {
      conversationKey: "c1",
      targetRef: "acme/tax",
      actorId: "U1",
      at: "2026-01-01T00:00:00.000Z",
    });
    await learned.accept("slack:C0TAX", {
      targetRef: "acme/tax",
      byId: "U0LEAD",
      at: "2026-01-02T00:00:00.000Z",
    });
    expect(await runCatalogCommand(["show"], io())).toBe(0);
    expect(out.join("\n")).toMatch(
      /^ {2}learned +#tax-eng maps here \(accepted by U0LEAD\) {3}\[learned in slack:C0TAX\]/m,
    );
  });

  it("shows the file alone, with a warning, when Redis cannot be reached", async () => {
    expect(await runCatalogCommand(["show"], io({ REDIS_URL: "redis://127.0.0.1:1" }))).toBe(0);
    expect(err.join("\n")).toMatch(/Redis is not reachable/);
    expect(out.join("\n")).toMatch(/^acme\/tax$/m);
  });

  it("refuses an unknown option with the usage", async () => {
    expect(await runCatalogCommand(["show", "--yaml"], io())).toBe(2);
    expect(err.join("\n")).toMatch(/Usage: baton catalog show/);
  });
});

describe("baton catalog show, with the GitHub App on", () => {
  let testRedis: TestRedis;
  let dir: string;
  const out: string[] = [];
  const err: string[] = [];

  beforeEach(async () => {
    testRedis = await createTestRedis("catalog-show-unknown");
    dir = await mkdtemp(join(tmpdir(), "baton-catalog-unknown-"));
    await writeFile(
      join(dir, "baton.config.yaml"),
      "routing:\n  - keywords: [terraform]\n    target: acme/infra\n  - keywords: [invoices]\n    target: acme/billing\n",
    );
  });
  afterEach(async () => {
    await testRedis.cleanup();
    await rm(dir, { recursive: true, force: true });
  });

  it("keeps rules naming repositories the file does not list, and says which of them discovery does not list", async () => {
    const store = createDiscoveredCatalogStore({
      redis: testRedis.redis,
      keys: createRedisKeys(testRedis.prefix),
      logger: silentLogger,
    });
    await store.replaceListing("github:12", [
      {
        repo: "acme/infra",
        description: "Cloud accounts",
        topics: [],
        languages: [],
        archived: false,
        source: "github installation 12",
        seenAt: "2026-01-01T00:00:00.000Z",
      },
    ]);
    const env = {
      BATON_CONFIG: join(dir, "baton.config.yaml"),
      REDIS_URL: testRedis.url,
      BATON_REDIS_PREFIX: testRedis.prefix,
      GITHUB_APP_ID: "12",
      GITHUB_PRIVATE_KEY: "not read by this command",
      GITHUB_WEBHOOK_SECRET: "s",
    };
    const io = { env, stdout: (line: string) => out.push(line), stderr: (line: string) => err.push(line) };
    expect(await runCatalogCommand(["show", "--json"], io)).toBe(0);
    expect(err).toEqual([]); // neither rule is dropped at load
    const shown = JSON.parse(out.join("\n"));
    expect(shown.targets).toEqual(["acme/infra"]);
    expect(shown.unknown).toEqual([
      {
        path: "routing.1.target",
        message: "acme/billing is not a repository or environment of the catalog; the rule is ignored",
      },
    ]);

    // GitHub off: no catalog source, so both rules are dropped at load, as before.
    out.length = 0;
    const { GITHUB_APP_ID: _off, ...githubOff } = env;
    expect(await runCatalogCommand(["show"], { ...io, env: githubOff })).toBe(0);
    expect(err.map((line) => line.includes("routing.0.target") || line.includes("routing.1.target"))).toEqual(
      [true, true],
    );
    expect(out.join("\n")).not.toContain("still unknown");
  });
});
