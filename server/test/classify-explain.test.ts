import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  buildRepositoryProfile,
  createDiscoveredCatalogStore,
  createRedisKeys,
  silentLogger,
} from "@baton/core";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runClassifyCommand } from "../src/cli/classify-command.js";

const CATALOG = `repositories:
  - repo: acme/tax
    description: Sales tax and VAT calculation
`;

describe("baton classify --explain", () => {
  let testRedis: TestRedis;
  let dir: string;
  const out: string[] = [];
  const io = () => ({
    env: {
      BATON_CONFIG: join(dir, "baton.config.yaml"),
      REDIS_URL: testRedis.url,
      BATON_REDIS_PREFIX: testRedis.prefix,
    },
    stdout: (line: string) => out.push(line),
    stderr: () => {},
  });

  beforeEach(async () => {
    testRedis = await createTestRedis("classify-explain");
    dir = await mkdtemp(join(tmpdir(), "baton-classify-explain-"));
    await writeFile(join(dir, "baton.config.yaml"), CATALOG);
    out.length = 0;
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
        topics: [],
        languages: [],
        archived: false,
        source: "github installation 12",
        seenAt,
      },
    ]);
    await store.putProfile(
      buildRepositoryProfile({
        repo: "acme/shipping",
        readme: "# shipping\n\nFedEx labels and tracking links.",
        now: new Date(seenAt),
      }),
    );
  });
  afterEach(async () => {
    await testRedis.cleanup();
    await rm(dir, { recursive: true, force: true });
  });

  it("classifies over the discovered catalog and shows what counted for and against each candidate", async () => {
    expect(
      await runClassifyCommand(
        ["--explain", "the fedex tracking link is broken, the tax service is fine"],
        io(),
      ),
    ).toBe(0);
    const { decision, discovered, evidence } = JSON.parse(out.join("\n")) as {
      decision: { kind: string; target?: { repo: string } };
      discovered: number;
      evidence: Array<{
        id: string;
        score: number;
        for: Array<{ term: string; field: string }>;
        against: Array<{ term: string; field: string }>;
      }>;
    };
    expect(discovered).toBe(1);
    expect(decision).toMatchObject({ kind: "chosen", target: { repo: "acme/shipping" } });
    const shipping = evidence.find((e) => e.id === "acme/shipping");
    expect(shipping?.for).toEqual(
      expect.arrayContaining([
        { term: "fedex", field: "profile", weight: expect.any(Number) },
        { term: "tracking", field: "profile", weight: expect.any(Number) },
      ]),
    );
    const tax = evidence.find((e) => e.id === "acme/tax");
    expect(tax?.against).toEqual(
      expect.arrayContaining([expect.objectContaining({ term: "tax", field: "name" })]),
    );
    expect(tax?.score).toBeLessThan(0);
  });
});
