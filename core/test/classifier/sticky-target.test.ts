import {
  createClassifier,
  createRedisKeys,
  createSessionStore,
  fillRequestContext,
  type SessionRequest,
  type SessionStore,
  silentLogger,
  type Turn,
} from "@baton/core";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveSessionTarget } from "../../src/turns/resolve-session-target.js";
import { buildTestRequest, SMALL_CATALOG } from "../fixtures/classifier/small-catalog.js";
import { PLATFORMS } from "../fixtures/platforms.js";

describe("a conversation's target is sticky", () => {
  let testRedis: TestRedis;
  let sessions: SessionStore;
  const classifier = createClassifier({ platforms: PLATFORMS, catalog: SMALL_CATALOG, logger: silentLogger });

  beforeEach(async () => {
    testRedis = await createTestRedis("sticky");
    sessions = createSessionStore({ redis: testRedis.redis, keys: createRedisKeys(testRedis.prefix) });
  });
  afterEach(() => testRedis.cleanup());

  // No adapter hints: the classifier itself must read a follow-up's explicit naming.
  const turn = (text: string): Turn => ({
    id: `t-${text.length}`,
    conversationKey: "conv-1",
    request: buildTestRequest({ text }),
  });
  const targetAfter = async (text: string) => {
    const resolution = await resolveSessionTarget({
      turn: turn(text),
      sessions,
      classifier,
      backend: "plan",
    });
    if (resolution.kind !== "ready") throw new Error(`expected a session, got ${resolution.kind}`);
    // The runner applies a named target once the person may steer the session (here: always).
    if (resolution.retarget)
      return (await sessions.update(resolution.session.id, { target: resolution.retarget })).target;
    return resolution.session.target;
  };

  it("classifies the first turn only, and switches only when a follow-up names a new target", async () => {
    expect(await targetAfter("stripe refunds fail after capture")).toEqual({
      kind: "repository",
      repo: "acme/payments",
    });
    // Would classify elsewhere on its own, but a follow-up never re-classifies.
    expect(await targetAfter("and the reconciliation leaves payouts unmatched")).toEqual({
      kind: "repository",
      repo: "acme/payments",
    });
    expect(await targetAfter("the storefront mentions it too")).toEqual({
      kind: "repository",
      repo: "acme/payments",
    });
    expect(await targetAfter("now do the same in acme/payments-ledger")).toEqual({
      kind: "repository",
      repo: "acme/payments-ledger",
    });
    expect(await targetAfter("!env money and check both")).toEqual({ kind: "environment", id: "money" });
  });

  it("fills the live context before the first turn only, so a channel mapped by name routes it", async () => {
    const looked: string[] = [];
    const fillContext = (request: SessionRequest) =>
      fillRequestContext({
        request,
        providers: {
          slack: async (r) => {
            looked.push(r.text);
            return { "slack.channelName": "web-team", "slack.channelTopic": "Storefront" };
          },
        },
        logger: silentLogger,
      });
    const resolve = (text: string) =>
      resolveSessionTarget({ turn: turn(text), sessions, classifier, backend: "plan", fillContext });
    const first = await resolve("the banner overlaps the nav on tablets");
    expect(first).toMatchObject({
      kind: "ready",
      session: { target: { kind: "repository", repo: "acme/web" } },
      reason: "The Slack channel #web-team is associated with it.",
    });
    await resolve("and on phones too");
    expect(looked).toEqual(["the banner overlaps the nav on tablets"]);
  });

  it("without the live context the same message asks", async () => {
    const resolution = await resolveSessionTarget({
      turn: turn("the banner overlaps the nav on tablets"),
      sessions,
      classifier,
      backend: "plan",
    });
    expect(resolution.kind).toBe("ask");
  });

  it("a follow-up that names a target Baton does not know asks, and keeps the session where it was", async () => {
    expect(await targetAfter("stripe refunds fail after capture")).toEqual({
      kind: "repository",
      repo: "acme/payments",
    });
    // As the runner hands it over: the flag read into a hint, which resolves to nothing.
    const followUp = turn("!repo acme/paymnts-ledger and reconcile the payouts");
    const resolution = await resolveSessionTarget({
      turn: { ...followUp, request: classifier.readRequest?.(followUp.request) ?? followUp.request },
      sessions,
      classifier,
      backend: "plan",
    });
    expect(resolution).toMatchObject({
      kind: "ask",
      decision: { reason: '"acme/paymnts-ledger" is not a repository or environment Baton knows.' },
    });
    expect(resolution.kind === "ask" && resolution.decision.candidates[0]).toEqual({
      kind: "repository",
      repo: "acme/payments-ledger",
    });
    expect((await sessions.findByConversation("conv-1"))?.target).toEqual({
      kind: "repository",
      repo: "acme/payments",
    });
  });
});
