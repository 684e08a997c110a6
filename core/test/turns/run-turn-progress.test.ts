import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createClassifier } from "../../src/classifier/create-classifier.js";
import { EMPTY_CATALOG } from "../../src/config/load-catalog.js";
import type { AgentBackend } from "../../src/contracts/agent-backend.js";
import { silentLogger } from "../../src/contracts/logger.js";
import type { Replier } from "../../src/contracts/replier.js";
import type { AgentEvent } from "../../src/schemas/agent-event.js";
import type { Turn } from "../../src/schemas/turn.js";
import { createRedisKeys } from "../../src/store/redis-keys.js";
import { createSessionStore } from "../../src/store/session-store.js";
import { createTranscriptStore } from "../../src/store/transcript-store.js";
import { createTurnRunner } from "../../src/turns/run-turn.js";
import { QUIET_REPLIER } from "../fixtures/quiet-replier.js";

const turn: Turn = {
  id: "slack:Ev1",
  conversationKey: "slack:T1:C1:1700000000.000001",
  request: {
    version: 1,
    id: "slack:Ev1",
    deliveryId: "Ev1",
    conversation: { platform: "slack", teamId: "T1", channelId: "C1", threadTs: "1700000000.000001" },
    actor: { platform: "slack", id: "U1", name: "ada" },
    text: "fix the flaky test",
    attachments: [],
    hints: {},
    context: {},
    receivedAt: new Date().toISOString(),
  },
};

const statuses: AgentEvent[] = [
  { type: "status", message: "reading" },
  { type: "status", message: "testing" },
];

/** A backend that reports two statuses, then does what `end` says while the turn is still held. */
function backendEnding(
  end: (controller: AbortController) => AgentEvent[] | Error,
  controller: AbortController,
) {
  const backend: AgentBackend = {
    name: "scripted",
    async *run() {
      yield* statuses;
      const last = end(controller);
      if (last instanceof Error) throw last;
      yield* last;
    },
    async stop() {},
  };
  return backend;
}

describe("a turn's progress in its transcript", () => {
  let testRedis: TestRedis;
  beforeEach(async () => {
    testRedis = await createTestRedis("run-turn-progress");
  });
  afterEach(() => testRedis.cleanup());

  async function run(
    end: (controller: AbortController) => AgentEvent[] | Error,
    isFinalAttempt = true,
    replier: Replier = QUIET_REPLIER,
  ) {
    const keys = createRedisKeys(testRedis.prefix);
    const sessions = createSessionStore({ redis: testRedis.redis, keys });
    const transcripts = createTranscriptStore({ redis: testRedis.redis, keys });
    const controller = new AbortController();
    const runTurn = createTurnRunner({
      sessions,
      transcripts,
      classifier: createClassifier({ catalog: EMPTY_CATALOG, logger: silentLogger }),
      backend: backendEnding(end, controller),
      repliers: { slack: replier },
      logger: silentLogger,
    });
    const result = await runTurn(turn, { signal: controller.signal, attempt: 1, isFinalAttempt }).catch(
      (error: unknown) => error,
    );
    const session = await sessions.findByConversation(turn.conversationKey);
    const entries = session ? (await transcripts.read(session.id)).map(({ entry }) => entry) : [];
    const lines = entries.flatMap((entry) =>
      entry.kind === "event" && entry.event.type === "status"
        ? [entry.event.message]
        : entry.kind === "event" && entry.event.type === "done"
          ? ["done"]
          : entry.kind === "outcome"
            ? [`outcome:${entry.status}`]
            : [],
    );
    return { result, lines };
  }

  it("writes the held statuses before the outcome of a finished turn", async () => {
    const { result, lines } = await run(() => [{ type: "done", summary: "fixed" }]);
    expect(result).toBe("completed");
    expect(lines).toEqual(["reading", "testing", "done", "outcome:completed"]);
  });

  it("writes them before a failure's outcome", async () => {
    const { result, lines } = await run(() => [{ type: "error", message: "no such repo", retryable: false }]);
    expect(result).toBe("failed");
    expect(lines).toEqual(["reading", "testing", "outcome:failed"]);
  });

  it("writes them before a person's stop", async () => {
    const { result, lines } = await run((controller) => {
      controller.abort("stopped");
      return [{ type: "status", message: "never seen" }];
    });
    expect(result).toBe("stopped");
    expect(lines).toEqual(["reading", "testing", "outcome:stopped"]);
  });

  it("writes them when the worker shuts down mid-turn, which leaves the turn to another worker", async () => {
    const { result, lines } = await run((controller) => {
      controller.abort("shutdown");
      return [{ type: "status", message: "never seen" }];
    });
    expect(result).toBeInstanceOf(Error);
    expect(lines).toEqual(["reading", "testing"]);
  });

  it("writes them when a transient failure is thrown back to the queue for a retry", async () => {
    const { result, lines } = await run(
      () => Object.assign(new Error("upstream 503"), { status: 503 }),
      false,
    );
    expect(result).toBeInstanceOf(Error);
    expect(lines).toEqual(["reading", "testing"]);
  });

  /** A replier that records its calls: what a turn told the person, in order. */
  function recordingReplier() {
    const calls: string[] = [];
    const replier: Replier = {
      ...QUIET_REPLIER,
      progress: async (_turn, status) => void calls.push(`progress:${status}`),
      result: async (_turn, outcome) => void calls.push(`result:${outcome.status}`),
      failed: async () => void calls.push("failed"),
      endProgress: async () => void calls.push("endProgress"),
    };
    return { replier, calls };
  }

  it("ends the replier's progress after the result of a finished turn", async () => {
    const { replier, calls } = recordingReplier();
    await run(() => [{ type: "done", summary: "fixed" }], true, replier);
    expect(calls).toEqual(["progress:reading", "progress:testing", "result:completed", "endProgress"]);
  });

  it("ends it when the turn is left to another try, with no final reply here", async () => {
    const shutdown = recordingReplier();
    await run(
      (controller) => {
        controller.abort("shutdown");
        return [{ type: "status", message: "never seen" }];
      },
      true,
      shutdown.replier,
    );
    const retried = recordingReplier();
    await run(() => Object.assign(new Error("upstream 503"), { status: 503 }), false, retried.replier);
    expect(shutdown.calls).toEqual(["progress:reading", "progress:testing", "endProgress"]);
    expect(retried.calls).toEqual(["progress:reading", "progress:testing", "endProgress"]);
  });
});
