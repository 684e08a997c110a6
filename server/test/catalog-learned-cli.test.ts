import {
  createLearnedRoutingStore,
  createRedisKeys,
  createRoutingLearner,
  type LearnedRoutingStore,
  parseCatalog,
  type RoutingPlace,
  silentLogger,
} from "@baton/core";
import { slackCatalogOf } from "@baton/slack";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { BOT_MODULES, platformPoliciesOf } from "../src/bots/bot-modules.js";
import { runCatalogCommand } from "../src/cli/catalog-command.js";

const PAYMENTS: RoutingPlace = {
  key: "slack:C0PAY",
  label: "#payments",
  catalogPath: ["slack", "channels", "C0PAY", "target"],
};
const TEAM: RoutingPlace = {
  key: "linear:team:eng",
  label: "the Linear team ENG",
  catalogPath: ["linear", "teams", "ENG"],
};

describe("baton catalog learned | export-learned | forget", () => {
  let testRedis: TestRedis;
  let store: LearnedRoutingStore;
  let out: string[];
  let err: string[];
  const run = (...args: string[]) =>
    runCatalogCommand(args, {
      env: { REDIS_URL: testRedis.url, BATON_REDIS_PREFIX: testRedis.prefix },
      stdout: (line) => out.push(line),
      stderr: (line) => err.push(line),
    });

  beforeEach(async () => {
    testRedis = await createTestRedis("catalog-learned");
    store = createLearnedRoutingStore({ redis: testRedis.redis, keys: createRedisKeys(testRedis.prefix) });
    out = [];
    err = [];
    const places: Record<string, RoutingPlace> = { C0PAY: PAYMENTS, ENG: TEAM };
    const learner = createRoutingLearner({
      store,
      placeOf: (request) => places[request.text],
      logger: silentLogger,
    });
    const choose = (place: string, conversationKey: string, repo: string) =>
      learner.learnFromChoice({
        request: {
          version: 1,
          id: conversationKey,
          deliveryId: conversationKey,
          conversation: { platform: "slack", teamId: "T1", channelId: "C0PAY", threadTs: "1.1" },
          actor: { platform: "slack", id: "U1" },
          text: place,
          attachments: [],
          hints: {},
          context: {},
          receivedAt: "2026-01-01T00:00:00.000Z",
        },
        conversationKey,
        target: { kind: "repository", repo },
      });
    await choose("C0PAY", "c1", "acme/web");
    await choose("C0PAY", "c2", "acme/web");
    await choose("ENG", "e1", "acme/api");
  });
  afterEach(() => testRedis.cleanup());

  it("prints each place with what routes there and why", async () => {
    expect(await run("learned")).toBe(0);
    expect(out).toEqual([
      "Learned routing (`baton catalog forget <place>` undoes it):",
      "  linear:team:eng  the Linear team ENG  → nothing routes yet  (choices: acme/api ×1)",
      "  slack:C0PAY  #payments  → acme/web  (habit: 2 of 2 conversations)",
    ]);
  });

  it("exports what routes as the catalog's own keys, which the catalog accepts", async () => {
    expect(await run("export-learned")).toBe(0);
    const exported = parse(out.join("\n"));
    expect(exported).toEqual({ slack: { channels: { C0PAY: { target: "acme/web" } } } });
    const catalog = parseCatalog(
      { repositories: [{ repo: "acme/web" }], ...exported },
      "exported",
      platformPoliciesOf(BOT_MODULES),
    );
    expect(slackCatalogOf(catalog).channels.C0PAY?.target).toBe("acme/web");
  });

  it("forgets one place, and says so when there is nothing to forget", async () => {
    expect(await run("forget", "slack:C0PAY")).toBe(0);
    expect(out).toEqual(["Forgot what routing learned of slack:C0PAY."]);
    expect(await store.read("slack:C0PAY")).toBeNull();
    expect(await store.read("linear:team:eng")).not.toBeNull();
    expect(await run("forget", "slack:C0PAY")).toBe(1);
    expect(err.join("\n")).toContain('nothing is learned of "slack:C0PAY"');
    expect(await run("forget")).toBe(2);
  });

  it("says nothing is learned of a place key no place can have, as of any other", async () => {
    // Pasted with the space after it, or braces: not a key, but what a person typed, not a bug.
    expect(await run("forget", "slack:C0PAY ")).toBe(1);
    expect(await run("forget", "{slack:C0PAY}")).toBe(1);
    expect(err.join("\n")).toContain('nothing is learned of "{slack:C0PAY}"');
    expect(await store.read("slack:C0PAY")).not.toBeNull();
  });
});
