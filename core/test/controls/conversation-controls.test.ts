import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseCatalog } from "../../src/config/load-catalog.js";
import type { StopResult } from "../../src/contracts/conversation-queue.js";
import {
  type ConversationControls,
  createConversationControls,
} from "../../src/controls/create-conversation-controls.js";
import { createSteeringRule } from "../../src/controls/create-steering-rule.js";
import { type ConversationRef, conversationKey } from "../../src/schemas/conversation-ref.js";
import { requestIdForDelivery } from "../../src/schemas/request-id.js";
import type { SessionRequest } from "../../src/schemas/session-request.js";
import {
  type ConversationOwnerStore,
  createConversationOwnerStore,
} from "../../src/store/conversation-owner-store.js";
import { createRedisKeys } from "../../src/store/redis-keys.js";
import { createReplyLedger, REPLY_FIELDS, type ReplyLedger } from "../../src/store/reply-ledger.js";
import { createSessionStore, type SessionStore } from "../../src/store/session-store.js";

const CATALOG = parseCatalog({ repositories: [{ repo: "acme/web" }, { repo: "acme/api" }] }, "test");

const conversation: ConversationRef = {
  platform: "github",
  installationId: 1,
  owner: "acme",
  repo: "web",
  number: 12,
};

function request(): SessionRequest {
  return {
    version: 1,
    id: "t_first",
    deliveryId: "d-1",
    conversation,
    actor: { platform: "github", id: "ada" },
    text: "fix the login test",
    attachments: [],
    hints: {},
    replyTo: { platform: "github", kind: "issue_comment", commentId: 99 },
    context: {},
    receivedAt: "2026-01-01T00:00:00.000Z",
  };
}

describe("conversation controls", () => {
  let redis: TestRedis;
  let ledger: ReplyLedger;
  let sessions: SessionStore;
  let stopResult: StopResult;
  let queued: string[];
  let stops: Array<{ key: string; keep?: string }>;
  let intakeRefuses: boolean;
  let intaken: SessionRequest[];
  let shared: boolean;
  let controls: ConversationControls;
  let owners: ConversationOwnerStore;

  beforeEach(async () => {
    redis = await createTestRedis("controls");
    const keys = createRedisKeys(redis.prefix);
    ledger = createReplyLedger({ redis: redis.redis, keys });
    sessions = createSessionStore({ redis: redis.redis, keys });
    owners = createConversationOwnerStore({ redis: redis.redis, keys });
    stopResult = { stoppedTurnId: null, cancelledTurnIds: [] };
    queued = [];
    stops = [];
    intaken = [];
    intakeRefuses = false;
    shared = true;
    controls = createConversationControls({
      catalog: CATALOG,
      sessions,
      stopConversation: async (key, options) => {
        stops.push({ key, ...options });
        return stopResult;
      },
      queuedRequesters: async () => queued,
      conversationOwners: owners,
      shares: {
        shareSession: async () =>
          shared
            ? {
                kind: "shared",
                created: true,
                url: "https://baton.test/s/x",
                share: {} as never,
              }
            : { kind: "sharing_off" },
        unshareSession: async () => (shared ? { kind: "revoked", sessionId: "s_1" } : { kind: "not_found" }),
      },
      intake: async (given) => {
        intaken.push(given);
        if (intakeRefuses)
          return { kind: "refused", turnId: given.id, reason: "user_rate_limited", retryAfterMs: 6_000 };
        return { kind: "accepted", turnId: given.id };
      },
      ledger,
      steering: createSteeringRule({
        platform: "github",
        placeOf: (c) => (c.platform === "github" ? `${c.owner}/${c.repo}` : ""),
        policyOf: () => ["bob"],
        refusal: ({ requesterId }) => `only @${requesterId} and the list`,
      }),
      now: () => new Date("2026-01-02T00:00:00.000Z"),
    });
  });
  afterEach(() => redis.cleanup());

  const openSession = () =>
    sessions.open({
      conversation,
      conversationKey: conversationKey(conversation),
      target: { kind: "repository", repo: "acme/web" },
      backend: "plan",
      requester: { platform: "github", id: "ada" },
    });

  describe("stop", () => {
    it("says what it did: stopped the running turn, dropped queued ones, or found nothing", async () => {
      await openSession();
      stopResult = { stoppedTurnId: "t_run", cancelledTurnIds: ["t_next"] };
      expect(await controls.stop({ conversation, userId: "ada" })).toEqual({
        kind: "stopped_running",
        result: stopResult,
      });
      stopResult = { stoppedTurnId: null, cancelledTurnIds: ["t_next"] };
      expect((await controls.stop({ conversation, userId: "ada" })).kind).toBe("dropped_queued");
      stopResult = { stoppedTurnId: null, cancelledTurnIds: [] };
      expect((await controls.stop({ conversation, userId: "ada" })).kind).toBe("nothing_running");
      expect(stops).toEqual(Array(3).fill({ key: conversationKey(conversation) }));
    });

    it("refuses someone who may not steer the session, and stops nothing", async () => {
      await openSession();
      expect(await controls.stop({ conversation, userId: "mallory" })).toEqual({
        kind: "refused",
        reason: "only @ada and the list",
      });
      expect((await controls.stop({ conversation, userId: "bob" })).kind).toBe("nothing_running");
      expect(stops).toHaveLength(1);
    });

    it("before a session exists, the owner may stop whoever else has turns queued; others may not", async () => {
      queued = ["carol", "ada"];
      await owners.claim(conversationKey(conversation), "ada");
      expect((await controls.stop({ conversation, userId: "ada" })).kind).toBe("nothing_running");
      expect(await controls.stop({ conversation, userId: "carol" })).toEqual({
        kind: "refused",
        reason: "only @ada and the list",
      });
      expect(stops).toHaveLength(1);
    });

    it("before a session exists and nobody was asked, whoever asked first owns the conversation", async () => {
      queued = ["ada", "carol"];
      expect((await controls.stop({ conversation, userId: "ada" })).kind).toBe("nothing_running");
      expect((await controls.stop({ conversation, userId: "carol" })).kind).toBe("refused");
    });

    it("takes a platform's own stop signal (no person named) as allowed", async () => {
      await openSession();
      expect((await controls.stop({ conversation, userId: undefined })).kind).toBe("nothing_running");
    });
  });

  describe("share and unshare", () => {
    it("need a session and someone who may steer it", async () => {
      expect(await controls.share({ conversation, userId: "ada" })).toEqual({ kind: "no_session" });
      expect(await controls.unshare({ conversation, userId: "ada" })).toEqual({ kind: "no_session" });
      await openSession();
      expect((await controls.share({ conversation, userId: "mallory" })).kind).toBe("refused");
      expect((await controls.unshare({ conversation, userId: "mallory" })).kind).toBe("refused");
    });

    it("share the link, or say sharing is off; unshare revokes, or says there was none", async () => {
      await openSession();
      expect(await controls.run("share", { conversation, userId: "bob" })).toEqual({
        word: "share",
        outcome: { kind: "shared", url: "https://baton.test/s/x" },
      });
      expect(await controls.unshare({ conversation, userId: "ada" })).toEqual({ kind: "revoked" });
      shared = false;
      expect(await controls.share({ conversation, userId: "ada" })).toEqual({ kind: "sharing_off" });
      expect(await controls.unshare({ conversation, userId: "ada" })).toEqual({ kind: "not_shared" });
    });
  });

  describe("pick", () => {
    /** Ada, the requester, presses Change target on `turnId` and picks acme/api. */
    const changeToApi = (turnId: string) =>
      controls.pick({ mode: "change", turnId, targetRef: "acme/api", userId: "ada" });

    it("knows nothing of a turn whose request the ledger does not keep", async () => {
      expect(
        await controls.pick({ mode: "ask", turnId: "t_gone", targetRef: "acme/web", userId: "ada" }),
      ).toEqual({
        kind: "unknown_turn",
      });
    });

    it("lets only the requester choose, and only a target of the catalog", async () => {
      await ledger.rememberRequest("t_first", request());
      const asBob = await controls.pick({
        mode: "ask",
        turnId: "t_first",
        targetRef: "acme/web",
        userId: "bob",
      });
      expect(asBob.kind).toBe("not_requester");
      const unknown = await controls.pick({
        mode: "ask",
        turnId: "t_first",
        targetRef: "acme/gone",
        userId: "ada",
      });
      expect(unknown).toMatchObject({ kind: "unknown_target", targetRef: "acme/gone" });
      expect(intaken).toEqual([]);
    });

    it("starts the request again on the chosen target, once however often it is clicked", async () => {
      await ledger.rememberRequest("t_first", request());
      await ledger.set("t_first", REPLY_FIELDS.picker("ask"), "picker-message-1");
      const first = await controls.pick({
        mode: "ask",
        turnId: "t_first",
        targetRef: "acme/api",
        userId: "ada",
      });
      expect(first).toMatchObject({
        kind: "started",
        target: { kind: "repository", repo: "acme/api" },
        restarted: false,
        pickerMessageId: "picker-message-1",
      });
      expect(intaken).toEqual([
        {
          ...request(),
          id: requestIdForDelivery("github", "ask.t_first"),
          deliveryId: "ask.t_first",
          hints: { target: { text: "acme/api", target: { kind: "repository", repo: "acme/api" } } },
          receivedAt: "2026-01-02T00:00:00.000Z",
        },
      ]);
      const again = await controls.pick({
        mode: "ask",
        turnId: "t_first",
        targetRef: "acme/web",
        userId: "ada",
      });
      expect(again.kind).toBe("already_chosen");
      expect(intaken).toHaveLength(1);
      expect(stops).toEqual([]);
    });

    it("a change of target that intake refuses stops nothing: the running turn goes on, and the picker stays", async () => {
      await ledger.rememberRequest("t_first", request());
      intakeRefuses = true;
      const refused = await changeToApi("t_first");
      expect(refused).toMatchObject({ kind: "refused", reason: "user_rate_limited", retryAfterMs: 6_000 });
      expect(stops).toEqual([]);

      intakeRefuses = false;
      const again = await changeToApi("t_first");
      expect(again).toMatchObject({ kind: "started", restarted: true });
      expect(stops).toEqual([{ key: conversationKey(conversation), keep: intaken[1]?.id }]);
    });

    it("a change of target stops the turn while it runs, and not once it has finished", async () => {
      await ledger.rememberRequest("t_first", request());
      const running = await changeToApi("t_first");
      expect(running).toMatchObject({ kind: "started", restarted: true, pickerMessageId: null });
      // The new turn, queued first, is kept by the stop: it runs once the stopped one ends.
      expect(stops).toEqual([{ key: conversationKey(conversation), keep: intaken[0]?.id }]);

      await ledger.rememberRequest("t_done", { ...request(), id: "t_done" });
      await ledger.markFinished("t_done", "completed");
      const done = await changeToApi("t_done");
      expect(done).toMatchObject({ kind: "started", restarted: false });
      expect(stops).toHaveLength(1);
    });
  });
});

describe("reply ledger: is this turn finished?", () => {
  let redis: TestRedis;
  let ledger: ReplyLedger;
  beforeEach(async () => {
    redis = await createTestRedis("ledger");
    ledger = createReplyLedger({ redis: redis.redis, keys: createRedisKeys(redis.prefix) });
  });
  afterEach(() => redis.cleanup());

  it("is once the turn is marked finished, or (for older ledgers) has a result or failure message", async () => {
    await ledger.set("t_a", REPLY_FIELDS.workingMessage, "1.1");
    expect(await ledger.isTurnFinished("t_a")).toBe(false);
    await ledger.markFinished("t_a", "failed");
    expect(await ledger.isTurnFinished("t_a")).toBe(true);
    await ledger.set("t_b", REPLY_FIELDS.resultPart(0), "2.2");
    expect(await ledger.isTurnFinished("t_b")).toBe(true);
    await ledger.set("t_c", REPLY_FIELDS.failed, "3.3");
    expect(await ledger.isTurnFinished("t_c")).toBe(true);
    expect(await ledger.isTurnFinished("t_none")).toBe(false);
  });

  it("keeps the request a picker starts again, and reads it back validated", async () => {
    expect(await ledger.pendingRequest("t_first")).toBeNull();
    await ledger.rememberRequest("t_first", request());
    expect(await ledger.pendingRequest("t_first")).toEqual(request());
  });
});
