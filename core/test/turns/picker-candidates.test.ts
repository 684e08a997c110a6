import {
  createClassifier,
  createRedisKeys,
  createSessionStore,
  type SessionStore,
  silentLogger,
} from "@baton/core";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveSessionTarget } from "../../src/turns/resolve-session-target.js";
import { buildTestRequest, SMALL_CATALOG } from "../fixtures/classifier/small-catalog.js";
import { PLATFORMS } from "../fixtures/platforms.js";

describe("a picker in a place with allowed targets", () => {
  let testRedis: TestRedis;
  let sessions: SessionStore;
  const classifier = createClassifier({ platforms: PLATFORMS, catalog: SMALL_CATALOG, logger: silentLogger });

  beforeEach(async () => {
    testRedis = await createTestRedis("picker-candidates");
    sessions = createSessionStore({ redis: testRedis.redis, keys: createRedisKeys(testRedis.prefix) });
  });
  afterEach(() => testRedis.cleanup());

  const askIn = async (text: string, allowedTargets: readonly string[]) => {
    const resolution = await resolveSessionTarget({
      turn: { id: "t-1", conversationKey: "conv-1", request: buildTestRequest({ text }) },
      sessions,
      classifier,
      backend: "plan",
      allowedTargets,
    });
    if (resolution.kind !== "ask") throw new Error(`expected a question, got ${resolution.kind}`);
    return resolution.decision.candidates;
  };

  it("offers the candidates the place may use", async () => {
    expect(await askIn("can you look into this?", ["env:money", "acme/infra"])).toEqual([
      { kind: "environment", id: "money" },
    ]);
  });

  it("offers the place's own targets when it may use none of the candidates, never a refused one", async () => {
    expect(await askIn("can you look into this?", ["acme/infra", "acme/mobile-ios"])).toEqual([
      { kind: "repository", repo: "acme/infra" },
      { kind: "repository", repo: "acme/mobile-ios" },
    ]);
  });
});
