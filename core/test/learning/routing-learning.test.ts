import {
  type AllowedTargets,
  acceptLearnedMapping,
  type CatalogSource,
  createClassifier,
  createLearnedMappings,
  createLearnedRoutingStore,
  createRedisKeys,
  createRoutingLearner,
  createTargetResolver,
  createWrittenMappingCheck,
  exportLearnedMappings,
  LEARNED_VOTES_PER_PLACE_MAX,
  type LearnedRoutingStore,
  learningSchema,
  mergeDiscoveredCatalog,
  parseCatalog,
  type RoutingPlaceOf,
  type SessionRequest,
  silentLogger,
  type Target,
} from "@baton/core";
import { createRecordingLogger } from "@baton/testkit";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Replier } from "../../src/contracts/replier.js";
import type { Turn } from "../../src/schemas/turn.js";
import { learnFromTurn } from "../../src/turns/learn-from-turn.js";
import { buildTestRequest, SMALL_CATALOG } from "../fixtures/classifier/small-catalog.js";
import { discoveredRepository } from "../fixtures/discovered-repository.js";
import { PLATFORMS } from "../fixtures/platforms.js";
import { QUIET_REPLIER } from "../fixtures/quiet-replier.js";

// A place per channel, as a platform module names it (core's tests name no platform's module).
const placeOf: RoutingPlaceOf = (request) =>
  request.conversation.platform === "slack"
    ? {
        key: `test:${request.conversation.channelId}`,
        label: `#${request.conversation.channelId.toLowerCase()}`,
        catalogPath: ["slack", "channels", request.conversation.channelId, "target"],
      }
    : undefined;

const WEB: Target = { kind: "repository", repo: "acme/web" };
const API: Target = { kind: "repository", repo: "acme/api" };
// Names no target, matches no rule, and the lexical scorer has nothing to go on: Baton asks.
const VAGUE = "the thing from yesterday is broken again, please have a look";

describe("routing learns from people's corrections", () => {
  let testRedis: TestRedis;
  let store: LearnedRoutingStore;

  beforeEach(async () => {
    testRedis = await createTestRedis("learning");
    store = createLearnedRoutingStore({ redis: testRedis.redis, keys: createRedisKeys(testRedis.prefix) });
  });
  afterEach(() => testRedis.cleanup());

  const request = (text: string, channelId = "C0GENERAL", actor = "U1"): SessionRequest => ({
    ...buildTestRequest({ text, channelId }),
    actor: { platform: "slack", id: actor },
  });
  const learnerWith = (options: Partial<Parameters<typeof createRoutingLearner>[0]> = {}) =>
    createRoutingLearner({ store, placeOf, logger: silentLogger, ...options });
  const choose = (
    learner: ReturnType<typeof createRoutingLearner>,
    conversationKey: string,
    target: Target,
    channelId = "C0GENERAL",
    actor = "U1",
  ) => learner.learnFromChoice({ request: request(VAGUE, channelId, actor), conversationKey, target });
  // The store is created per test: the classifier reads it through this indirection.
  const learnedClassifier = (allowedTargets?: AllowedTargets) =>
    createClassifier({
      catalog: SMALL_CATALOG,
      platforms: PLATFORMS,
      logger: silentLogger,
      learned: createLearnedMappings({
        store,
        placeOf,
        resolve: createTargetResolver(SMALL_CATALOG),
        allowedTargets,
        logger: silentLogger,
      }),
    });

  it("asks until two conversations agree, then routes there as a learned mapping", async () => {
    const learner = learnerWith();
    expect((await learnedClassifier().classify(request(VAGUE))).kind).toBe("ask");
    await choose(learner, "conv-1", WEB);
    expect((await learnedClassifier().classify(request(VAGUE))).kind).toBe("ask");
    await choose(learner, "conv-2", WEB);
    const decision = await learnedClassifier().classify(request(VAGUE));
    expect(decision).toMatchObject({ kind: "chosen", target: WEB, via: "learned", confidence: "medium" });
    // Another channel learned nothing.
    expect((await learnedClassifier().classify(request(VAGUE, "C0OTHER"))).kind).toBe("ask");
  });

  it("a learned repository only discovery lists routes in a classifier over the merged catalog", async () => {
    const learner = learnerWith();
    const INFRA_DISCOVERED: Target = { kind: "repository", repo: "acme/discovered" };
    await choose(learner, "conv-1", INFRA_DISCOVERED);
    await choose(learner, "conv-2", INFRA_DISCOVERED);
    const merged = mergeDiscoveredCatalog(SMALL_CATALOG, {
      version: "1",
      repositories: [discoveredRepository("acme/discovered")],
      profiles: [],
    });
    // Made with the file's resolver, as the worker makes it once; each classifier passes its own.
    const learned = createLearnedMappings({
      store,
      placeOf,
      resolve: createTargetResolver(SMALL_CATALOG),
      logger: silentLogger,
    });
    const over = (catalog: typeof SMALL_CATALOG) =>
      createClassifier({ catalog, platforms: PLATFORMS, logger: silentLogger, learned });
    expect((await over(SMALL_CATALOG).classify(request(VAGUE))).kind).toBe("ask");
    expect(await over(merged.catalog).classify(request(VAGUE))).toMatchObject({
      kind: "chosen",
      target: INFRA_DISCOVERED,
      via: "learned",
    });
  });

  it("counts a conversation once: its latest choice replaces its earlier one", async () => {
    const learner = learnerWith();
    await choose(learner, "conv-1", WEB);
    await choose(learner, "conv-1", WEB);
    expect((await learnedClassifier().classify(request(VAGUE))).kind).toBe("ask");
    await choose(learner, "conv-1", API);
    await choose(learner, "conv-2", API);
    expect(await learnedClassifier().classify(request(VAGUE))).toMatchObject({ target: API, via: "learned" });
    expect((await store.read("test:C0GENERAL"))?.votes.map((vote) => vote.targetRef)).toEqual([
      "acme/api",
      "acme/api",
    ]);
  });

  it("keeps the newest conversations' choices only", async () => {
    let tick = Date.parse("2026-01-01T00:00:00Z");
    // Each choice a second after the last: which are newest must not depend on how fast this runs.
    const learner = learnerWith({
      now: () => {
        tick += 1000;
        return new Date(tick);
      },
    });
    for (let i = 0; i < LEARNED_VOTES_PER_PLACE_MAX + 5; i++) {
      await learner.learnFromChoice({
        request: request(VAGUE),
        conversationKey: `conv-${i}`,
        target: i < 5 ? API : WEB,
      });
    }
    const votes = (await store.read("test:C0GENERAL"))?.votes ?? [];
    expect(votes).toHaveLength(LEARNED_VOTES_PER_PLACE_MAX);
    expect(votes.every((vote) => vote.targetRef === "acme/web")).toBe(true);
  });

  it("keeps asking while people disagree", async () => {
    const learner = learnerWith();
    await choose(learner, "conv-1", WEB);
    await choose(learner, "conv-2", API);
    await choose(learner, "conv-3", WEB);
    await choose(learner, "conv-4", API);
    expect((await learnedClassifier().classify(request(VAGUE))).kind).toBe("ask");
  });

  it("ignores people the place's access policy does not let start sessions", async () => {
    const learner = learnerWith({ mayStartSessions: async (req) => req.actor.id !== "U_OUTSIDER" });
    expect(await choose(learner, "conv-1", WEB, "C0GENERAL", "U_OUTSIDER")).toEqual({
      kind: "ignored",
      reason: "person_not_allowed",
    });
    await choose(learner, "conv-2", WEB, "C0GENERAL", "U_OUTSIDER");
    expect(await store.read("test:C0GENERAL")).toBeNull();
    expect((await learnedClassifier().classify(request(VAGUE))).kind).toBe("ask");
  });

  it("ignores a target the place may not use, and never routes to one", async () => {
    const allowedTargets = () => ["acme/api"];
    const learner = learnerWith({ allowedTargets });
    expect(await choose(learner, "conv-1", WEB)).toEqual({ kind: "ignored", reason: "target_not_allowed" });
    expect(await store.read("test:C0GENERAL")).toBeNull();
    // Learned before the place was restricted: the classifier leaves it unused.
    const open = learnerWith();
    await choose(open, "conv-1", WEB);
    await choose(open, "conv-2", WEB);
    expect((await learnedClassifier().classify(request(VAGUE))).kind).toBe("chosen");
    expect((await learnedClassifier(allowedTargets).classify(request(VAGUE))).kind).toBe("ask");
  });

  it("loses to a named target, a routing rule and a written mapping", async () => {
    const learner = learnerWith();
    for (const channel of ["C0GENERAL", "C0PAYMENTS"]) {
      await choose(learner, `${channel}-1`, WEB, channel);
      await choose(learner, `${channel}-2`, WEB, channel);
    }
    const classify = (text: string, channel = "C0GENERAL") =>
      learnedClassifier().classify(request(text, channel));
    expect(await classify(`${VAGUE} in acme/api`)).toMatchObject({ target: API, via: "explicit" });
    expect(await classify("the terraform plan fails")).toMatchObject({
      target: { kind: "repository", repo: "acme/infra" },
      via: "rule",
    });
    expect(await classify(VAGUE, "C0PAYMENTS")).toMatchObject({
      target: { kind: "repository", repo: "acme/payments" },
      via: "mapping",
    });
  });

  it("a target the place only implied gives way to a learned environment around it, nothing else", async () => {
    const learner = learnerWith();
    const CHECKOUT: Target = { kind: "environment", id: "checkout" };
    const implied = (channelId: string, yieldsToLearning = true): SessionRequest => ({
      ...request(VAGUE, channelId),
      hints: { target: { text: "acme/web", target: WEB, implied: true, yieldsToLearning } },
    });
    // C0GENERAL learns an environment that contains acme/web; C0OPS a repository beside it.
    for (const [channel, target] of [
      ["C0GENERAL", CHECKOUT],
      ["C0OPS", API],
    ] as const) {
      await choose(learner, `${channel}-1`, target, channel);
      await choose(learner, `${channel}-2`, target, channel);
    }
    const classifier = learnedClassifier();
    expect(await classifier.classify(implied("C0GENERAL"))).toMatchObject({
      target: CHECKOUT,
      via: "learned",
    });
    expect(await classifier.classify(implied("C0OPS"))).toMatchObject({ target: WEB, via: "explicit" });
    // A default someone wrote is not for learning to replace.
    expect(await classifier.classify(implied("C0GENERAL", false))).toMatchObject({
      target: WEB,
      via: "explicit",
    });
  });

  it("asks, with both first, when the request's own words point clearly elsewhere", async () => {
    const learner = learnerWith();
    await choose(learner, "conv-1", WEB);
    await choose(learner, "conv-2", WEB);
    const decision = await learnedClassifier().classify(request("stripe refunds fail after capture"));
    expect(decision.kind).toBe("ask");
    if (decision.kind !== "ask") return;
    expect(decision.candidates.slice(0, 2)).toEqual([WEB, { kind: "repository", repo: "acme/payments" }]);
  });

  it("offers the place's habit as its mapping once, where the catalog maps nothing", async () => {
    const learner = learnerWith({ hasWrittenMapping: createWrittenMappingCheck(SMALL_CATALOG, PLATFORMS) });
    await choose(learner, "conv-1", WEB);
    expect(await learner.offerFor(request(VAGUE))).toBeUndefined();
    await choose(learner, "conv-2", WEB);
    expect(await learner.offerFor(request(VAGUE))).toEqual({
      placeKey: "test:C0GENERAL",
      placeLabel: "#c0general",
      targetRef: "acme/web",
      votes: 2,
    });
    expect(await learner.offerFor(request(VAGUE))).toBeUndefined();
    await choose(learner, "p-1", WEB, "C0PAYMENTS");
    await choose(learner, "p-2", WEB, "C0PAYMENTS");
    expect(await learner.offerFor(request(VAGUE, "C0PAYMENTS"))).toBeUndefined();
  });

  it("offers the habit again when the post of its offer failed", async () => {
    const learner = learnerWith();
    await choose(learner, "conv-1", WEB);
    await choose(learner, "conv-2", WEB);
    const turn: Turn = { id: "slack:Ev9", conversationKey: "conv-3", request: request(VAGUE) };
    const posted: string[] = [];
    let failNext = true;
    const replier: Replier = {
      ...QUIET_REPLIER,
      async offerMapping(_turn, offer) {
        if (failNext) {
          failNext = false;
          throw new Error("the platform answered 500");
        }
        posted.push(offer.targetRef);
      },
    };
    const log = createRecordingLogger();
    const learn = () =>
      learnFromTurn({ learner, turn, choice: undefined, routedByHabit: true, replier, log });
    await learn();
    expect(log.lines.map((line) => line.event)).toContain("core.turn.learning_failed");
    expect(posted).toEqual([]);
    await learn();
    expect(posted).toEqual(["acme/web"]);
    // Made once it was posted: the next turn offers nothing.
    await learn();
    expect(posted).toEqual(["acme/web"]);
  });

  it("offers nothing where the catalog maps the place to a repository only discovery lists", async () => {
    const catalog = parseCatalog(
      {
        repositories: [{ repo: "acme/web" }],
        slack: { channels: { C0INFRA: { target: "acme/discovered" } } },
      },
      "f",
      PLATFORMS,
      { discovery: true },
    );
    let version = "0";
    const source: CatalogSource = {
      version: async () => version,
      read: async () => ({
        version,
        repositories: version === "0" ? [] : [discoveredRepository("acme/discovered")],
        profiles: [],
      }),
    };
    const check = createWrittenMappingCheck(catalog, PLATFORMS, source);
    const learner = learnerWith({ hasWrittenMapping: check });
    await choose(learner, "i-1", WEB, "C0INFRA");
    await choose(learner, "i-2", WEB, "C0INFRA");
    // Before discovery lists it, the mapping resolves to nothing and the place counts as unmapped.
    expect(await check(request(VAGUE, "C0INFRA"))).toBe(false);
    version = "1";
    expect(await check(request(VAGUE, "C0INFRA"))).toBe(true);
    expect(await learner.offerFor(request(VAGUE, "C0INFRA"))).toBeUndefined();
    expect(await check(request(VAGUE, "C0GENERAL"))).toBe(false);
  });

  it("turns an accepted offer into the place's mapping, for approvers only", async () => {
    const learner = learnerWith();
    await choose(learner, "conv-1", API);
    const settings = learningSchema.parse({ approvers: ["U_LEAD"] });
    const accept = (userId: string) =>
      acceptLearnedMapping({
        store,
        settings,
        resolve: createTargetResolver(SMALL_CATALOG),
        placeKey: "test:C0GENERAL",
        targetRef: "acme/web",
        userId,
        allowedInPlace: true,
      });
    expect(await accept("U1")).toEqual({ kind: "not_approver" });
    expect((await learnedClassifier().classify(request(VAGUE))).kind).toBe("ask");
    expect(await accept("U_LEAD")).toMatchObject({ kind: "accepted", targetRef: "acme/web" });
    expect(await learnedClassifier().classify(request(VAGUE))).toMatchObject({
      target: WEB,
      via: "mapping",
      confidence: "high",
    });
  });

  it("exports what routes into the catalog's own keys, and forgets a place", async () => {
    const learner = learnerWith();
    await choose(learner, "conv-1", WEB);
    await choose(learner, "conv-2", WEB);
    await choose(learner, "other-1", API, "C0OTHER");
    expect(exportLearnedMappings(await store.list())).toBe(
      "slack:\n  channels:\n    C0GENERAL:\n      target: acme/web\n",
    );
    expect(await store.forget("test:C0GENERAL")).toBe(true);
    expect(await store.forget("test:C0GENERAL")).toBe(false);
    expect((await store.list()).map((learned) => learned.place.key)).toEqual(["test:C0OTHER"]);
    expect((await learnedClassifier().classify(request(VAGUE))).kind).toBe("ask");
  });
});
