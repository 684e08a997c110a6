import {
  conversationKey,
  createFinalReplyClaims,
  createRedisKeys,
  createReplyLedger,
  type Replier,
  requestIdForDelivery,
  silentLogger,
  TransientError,
  type Turn,
  type TurnOutcome,
} from "@baton/core";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { Counter, Histogram, Registry } from "prom-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createWorkerReplies, type WorkerReplies } from "./create-worker-replies.js";

const REFUSED = {
  code: "request_refused" as const,
  message: "Too many requests from this channel just now.",
};

function turnOf(deliveryId: string): Turn {
  const conversation = {
    platform: "slack" as const,
    teamId: "T1",
    channelId: "C1",
    threadTs: `17000.${deliveryId}`,
  };
  return {
    id: `turn-${deliveryId}`,
    conversationKey: conversationKey(conversation),
    request: {
      version: 1,
      id: requestIdForDelivery("slack", deliveryId),
      deliveryId,
      conversation,
      actor: { platform: "slack", id: "U1", name: "ada" },
      text: "fix the login test",
      attachments: [],
      hints: {},
      context: {},
      receivedAt: new Date().toISOString(),
    },
  };
}

const outcome: TurnOutcome = {
  status: "completed",
  summary: "done",
  artifacts: [],
  target: { kind: "none" },
  backend: "test",
  durationMs: 1,
};

describe("the worker's replies", () => {
  let redis: TestRedis;
  let replies: WorkerReplies;
  let registry: Registry;
  /** What the platform received: every final reply and refusal, in order. */
  const posted: string[] = [];
  let failNext: Error | null = null;

  beforeEach(async () => {
    posted.length = 0;
    failNext = null;
    redis = await createTestRedis("worker-replies");
    registry = new Registry();
    const platform: Replier = {
      acknowledge: async () => {},
      working: async () => {},
      progress: async () => {},
      ask: async () => {},
      result: async (turn) => void posted.push(`result ${turn.id}`),
      failed: async (turn, error) => {
        if (failNext) throw failNext;
        posted.push(`failed ${turn.id} ${error.code}`);
      },
      declined: async (turn) => void posted.push(`declined ${turn.id}`),
      endProgress: async (turn) => void posted.push(`progress ended ${turn.id}`),
    };
    const labelNames = ["platform", "method"] as const;
    replies = createWorkerReplies({
      repliers: { slack: platform },
      claims: createFinalReplyClaims({ redis: redis.redis, keys: createRedisKeys(redis.prefix) }),
      ledger: createReplyLedger({ redis: redis.redis, keys: createRedisKeys(redis.prefix) }),
      sessions: { findByConversation: async () => null },
      steering: () => ({ allowed: true }),
      metrics: {
        replies: {
          failed: new Counter({ name: "failed_total", help: "-", labelNames, registers: [registry] }),
          retried: new Counter({ name: "retried_total", help: "-", labelNames, registers: [registry] }),
        },
        ackSeconds: new Histogram({
          name: "ack_seconds",
          help: "-",
          labelNames: ["platform"],
          registers: [registry],
        }),
      },
      logger: silentLogger,
    });
  });
  afterEach(async () => {
    await redis.cleanup();
  });

  it("the dispatcher's refusal of a turn that already has its final reply posts nothing", async () => {
    const turn = turnOf("Ev1");
    await replies.repliers.slack?.result(turn, outcome, null);
    await replies.fail(turn, REFUSED);
    expect(posted).toEqual([`result ${turn.id}`]);
  });

  it("the dispatcher's refusal is the turn's one final reply: the watchdog's answer after it posts nothing", async () => {
    const turn = turnOf("Ev2");
    await replies.fail(turn, REFUSED);
    await replies.answerOverdue(turn, "timed_out");
    await replies.fail(turn, REFUSED);
    expect(posted).toEqual([`failed ${turn.id} request_refused`]);
  });

  it("a turn's progress is ended through every step, also once its final reply is delivered", async () => {
    const turn = turnOf("Ev4");
    await replies.repliers.slack?.result(turn, outcome, null);
    await replies.repliers.slack?.result(turn, outcome, null); // delivered: not posted again
    await replies.repliers.slack?.endProgress?.(turn);
    expect(posted).toEqual([`result ${turn.id}`, `progress ended ${turn.id}`]);
  });

  it("a refusal the platform does not take is counted in the reply metrics", async () => {
    failNext = new TransientError("platform_failed", "Slack answered 503");
    await expect(replies.fail(turnOf("Ev3"), REFUSED)).rejects.toThrow("503");
    const retried = await registry.getSingleMetric("retried_total")?.get();
    expect(retried?.values).toEqual([{ value: 1, labels: { platform: "slack", method: "failed" } }]);
  });
});
