import { createOpenAIBackend, createRedisAgentMemory, createWorkspaceCache } from "@baton/backends";
import {
  type BackendTurn,
  createRedisKeys,
  DEFAULT_RETENTION,
  EMPTY_CATALOG,
  silentLogger,
} from "@baton/core";
import { type FakeOpenAI, startFakeOpenAI } from "@baton/testkit";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

let redis: TestRedis;
let fake: FakeOpenAI;
beforeEach(async () => {
  redis = await createTestRedis("memory");
  fake = await startFakeOpenAI();
});
afterEach(async () => {
  await fake.close();
  await redis.cleanup();
});

function turn(id: string, prompt: string): BackendTurn {
  const request = {
    version: 1 as const,
    id,
    deliveryId: id,
    conversation: { platform: "slack" as const, teamId: "T1", channelId: "C1", threadTs: "1.1" },
    actor: { platform: "slack" as const, id: "U1" },
    text: prompt,
    attachments: [],
    hints: {},
    context: {},
    receivedAt: new Date().toISOString(),
  };
  return {
    turn: { id, conversationKey: "k", request },
    session: {
      id: "s_memory",
      conversation: request.conversation,
      conversationKey: "k",
      target: { kind: "none" },
      backend: "openai",
      requester: request.actor,
      createdAt: request.receivedAt,
      updatedAt: request.receivedAt,
      turnCount: 0,
    },
    target: { kind: "none" },
    prompt,
    context: [],
    idempotencyKey: id,
  };
}

describe("the openai backend's memory in Redis", () => {
  it("carries a session's earlier turns into the next, once per turn however often it is retried", async () => {
    const keys = createRedisKeys(redis.prefix);
    const memory = createRedisAgentMemory({ redis: redis.redis, keys, logger: silentLogger });
    const backend = createOpenAIBackend({
      baseUrl: fake.url,
      defaultModel: "gpt-test",
      workspaces: createWorkspaceCache({ dir: "/nonexistent", catalog: EMPTY_CATALOG, logger: silentLogger }),
      memory,
      logger: silentLogger,
    });
    const drain = async (t: BackendTurn) => {
      for await (const _ of backend.run(t, new AbortController().signal));
    };
    fake.setScript([
      { kind: "text", content: "first answer" },
      { kind: "text", content: "first answer, retried" },
      { kind: "text", content: "second answer" },
    ]);
    await drain(turn("t1", "first question"));
    await drain(turn("t1", "first question"));
    await drain(turn("t2", "second question"));

    const lastRequest = fake.requests.at(-1)!;
    expect(lastRequest.body.messages?.filter((m) => m.role !== "system").map((m) => m.content)).toEqual([
      "first question",
      "first answer, retried",
      "second question",
    ]);
    const key = keys.scoped("openai", "conversation", "s_memory");
    const ttl = await redis.redis.pttl(key);
    expect(ttl).toBeGreaterThan(DEFAULT_RETENTION.sessionMs - 60_000);
    expect((await memory.load("s_memory")).turns.map((t) => t.turnId)).toEqual(["t1", "t2"]);

    await redis.redis.set(key, "{not json");
    expect(await memory.load("s_memory")).toEqual({ version: 1, turns: [] });
  });

  it("a retried turn does not see its own earlier try as an earlier turn", async () => {
    const memory = createRedisAgentMemory({
      redis: redis.redis,
      keys: createRedisKeys(redis.prefix),
      logger: silentLogger,
    });
    const backend = createOpenAIBackend({
      baseUrl: fake.url,
      defaultModel: "gpt-test",
      workspaces: createWorkspaceCache({ dir: "/nonexistent", catalog: EMPTY_CATALOG, logger: silentLogger }),
      memory,
      logger: silentLogger,
    });
    const drain = async (t: BackendTurn) => {
      for await (const _ of backend.run(t, new AbortController().signal));
    };
    fake.setScript([
      { kind: "text", content: "first answer" },
      { kind: "text", content: "first answer, retried" },
    ]);
    await drain(turn("t1", "first question"));
    await drain(turn("t1", "first question"));

    const retried = fake.requests[1]!;
    expect(retried.body.messages?.filter((m) => m.role !== "system").map((m) => m.content)).toEqual([
      "first question",
    ]);
  });
});
