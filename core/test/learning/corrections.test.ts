import {
  createClassifier,
  createConversationOwnerStore,
  createRedisKeys,
  createSessionStore,
  type SessionRequest,
  silentLogger,
  type Turn,
} from "@baton/core";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveSessionTarget } from "../../src/turns/resolve-session-target.js";
import { buildTestRequest, SMALL_CATALOG } from "../fixtures/classifier/small-catalog.js";

// What counts as a person correcting Baton: only these choices teach routing anything.
describe("which choices are corrections", () => {
  let testRedis: TestRedis;
  let resolve: (
    text: string,
    conversationKey: string,
    hints?: SessionRequest["hints"],
  ) => ReturnType<typeof resolveSessionTarget>;
  let owners: ReturnType<typeof createConversationOwnerStore>;

  beforeEach(async () => {
    testRedis = await createTestRedis("corrections");
    const keys = createRedisKeys(testRedis.prefix);
    const sessions = createSessionStore({ redis: testRedis.redis, keys });
    owners = createConversationOwnerStore({ redis: testRedis.redis, keys });
    const classifier = createClassifier({ catalog: SMALL_CATALOG, logger: silentLogger });
    resolve = (text, conversationKey, hints = {}) => {
      const turn: Turn = {
        id: `t-${text.length}`,
        conversationKey,
        request: buildTestRequest({ text, hints }),
      };
      return resolveSessionTarget({ turn, sessions, classifier, backend: "plan", owners });
    };
  });
  afterEach(() => testRedis.cleanup());

  it("answering Baton's question is one; naming a target unasked is not", async () => {
    expect(await resolve("in acme/api fix the header", "conv-named")).not.toHaveProperty("choice");
    await owners.claim("conv-asked", "U1");
    const picked = {
      target: { text: "acme/web", target: { kind: "repository" as const, repo: "acme/web" } },
    };
    expect(await resolve("fix the header", "conv-asked", picked)).toMatchObject({
      kind: "ready",
      choice: { kind: "repository", repo: "acme/web" },
    });
  });

  it("changing an open session's target is one; naming the target it has is not", async () => {
    await resolve("in acme/api fix the header", "conv-1");
    expect(await resolve("in acme/api and the footer", "conv-1")).not.toHaveProperty("choice");
    expect(await resolve("actually in acme/web", "conv-1")).toMatchObject({
      retarget: { kind: "repository", repo: "acme/web" },
      choice: { kind: "repository", repo: "acme/web" },
    });
  });
});
