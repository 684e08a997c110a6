import type { ChildProcess } from "node:child_process";
import {
  conversationKey,
  createFinalReplyClaims,
  guardFinalReply,
  type Replier,
  silentLogger,
  type Turn,
  type TurnRunner,
} from "@baton/core";
import { createTurnWatchdog, readTurnRecord, type TurnWatchdog } from "@baton/queue";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildRequest } from "./fixtures/build-request.js";
import { createQueueHarness, type QueueHarness, waitFor } from "./fixtures/queue-harness.js";
import { exitOf, spawnWorkerProcess } from "./fixtures/spawn-worker-process.js";

const TIMEOUT_MS = 1_500;
const TIMED_OUT = { code: "turn_timed_out" as const, message: "it ran longer than allowed" };

describe("the turn watchdog", () => {
  let harness: QueueHarness;
  let watchdog: TurnWatchdog;
  const children: ChildProcess[] = [];
  /** Every final reply a person saw, in order: what the platform received. */
  const finals: Array<{ turnId: string; kind: "result" | "failed"; code?: string }> = [];
  let replier: Replier;

  beforeEach(async () => {
    finals.length = 0;
    harness = await createQueueHarness("watchdog", { attempts: 3, backoffMs: 100 });
    const claims = createFinalReplyClaims({ redis: harness.redis.redis, keys: harness.keys });
    const platform: Replier = {
      acknowledge: async () => {},
      working: async () => {},
      progress: async () => {},
      ask: async () => {},
      declined: async () => {},
      result: async (turn) => void finals.push({ turnId: turn.id, kind: "result" }),
      failed: async (turn, error) => void finals.push({ turnId: turn.id, kind: "failed", code: error.code }),
    };
    replier = guardFinalReply(platform, { claims, logger: silentLogger, leaseMs: 500 });
    watchdog = createTurnWatchdog({
      redis: harness.redis.redis,
      keys: harness.keys,
      turns: harness.queue.turns,
      logger: silentLogger,
      timeoutMs: TIMEOUT_MS,
      sweepEveryMs: 100,
      conversationLockMs: 2_000,
      answer: async (turn: Turn) => {
        await replier.failed(turn, TIMED_OUT);
        return claims.isDelivered(turn.id);
      },
    });
    watchdog.start();
  });
  afterEach(async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await watchdog.close();
    await harness.close();
  });

  const outcome = (turn: Turn) => ({
    status: "completed" as const,
    summary: `done ${turn.id}`,
    artifacts: [],
    target: { kind: "none" as const },
    backend: "test",
    durationMs: 1,
  });

  /** Answers at once, through the guarded replier, as the turn runner does. */
  const answering: TurnRunner = async (turn) => {
    await replier.result(turn, outcome(turn), null);
    return "completed";
  };

  it("ends a turn that outlives the timeout, answers it once, and lets the next turn run", async () => {
    const stuck = buildRequest("Ev-stuck", "1700000600.000001", "stuck");
    const next = buildRequest("Ev-after-stuck", "1700000600.000001", "next");
    // The stuck turn's backend ignores the abort at first and then finishes anyway, as a slow
    // agent does: its late result must not become a second final reply.
    const runner: TurnRunner = async (turn, { signal }) => {
      if (turn.id !== stuck.id) return answering(turn, { signal, attempt: 1, isFinalAttempt: true });
      await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve()));
      await replier.result(turn, outcome(turn), null);
      throw new Error(`aborted: ${String(signal.reason)}`);
    };
    harness.startWorker(runner, { watchdog });
    await harness.queue.intake(stuck);
    await harness.queue.intake(next);

    await waitFor(
      () => (finals.some((f) => f.turnId === next.id) ? true : undefined),
      20_000,
      "the next turn",
    );
    expect(finals.filter((f) => f.turnId === stuck.id)).toHaveLength(1);
    expect(finals.filter((f) => f.turnId === next.id)).toEqual([{ turnId: next.id, kind: "result" }]);
    const key = conversationKey(stuck.conversation);
    expect((await readTurnRecord(harness.redis.redis, harness.keys, key, stuck.id))?.status).toBe(
      "timed_out",
    );
    // Both turns leave the watchdog's list once answered (the next one just after its reply).
    const deadlines = harness.keys.scoped("watchdog");
    await waitFor(async () => ((await harness.redis.redis.zcard(deadlines)) === 0 ? true : undefined));
  }, 120_000);

  it("answers a turn whose worker was killed with SIGKILL, once, and the turn behind it runs", async () => {
    const child = spawnWorkerProcess({
      REDIS_URL: harness.redis.url,
      PREFIX: harness.redis.prefix,
      TURN_MS: "60000",
      SINK_URL: "http://127.0.0.1:9/unused",
      GRACE_MS: "1000",
      TIMEOUT_MS: String(TIMEOUT_MS),
    });
    children.push(child);
    const started = () => harness.redis.redis.lrange(`${harness.redis.prefix}:test:started`, 0, -1);
    const doomed = buildRequest("Ev-killed", "1700000700.000001", "doomed");
    const behind = buildRequest("Ev-behind-killed", "1700000700.000001", "behind");
    await harness.queue.intake(doomed);
    await harness.queue.intake(behind);
    await waitFor(
      async () => ((await started()).some((s) => s.endsWith(doomed.id)) ? true : undefined),
      90_000,
      "the turn to start in the child",
    );
    child.kill("SIGKILL");
    expect((await exitOf(child)).signal).toBe("SIGKILL");

    // No worker is alive: this process's watchdog sweep ends the turn past its deadline.
    await waitFor(
      () => (finals.some((f) => f.turnId === doomed.id) ? true : undefined),
      30_000,
      "the answer",
    );
    harness.startWorker(answering, { watchdog });
    await waitFor(
      () => (finals.some((f) => f.turnId === behind.id) ? true : undefined),
      30_000,
      "the turn behind",
    );
    expect(finals.filter((f) => f.turnId === doomed.id)).toEqual([
      { turnId: doomed.id, kind: "failed", code: "turn_timed_out" },
    ]);
    const key = conversationKey(doomed.conversation);
    expect((await readTurnRecord(harness.redis.redis, harness.keys, key, doomed.id))?.status).toBe(
      "timed_out",
    );
  }, 180_000);
  it("answers a newer overdue turn while older ones' answers keep failing, and asks those again later", async () => {
    await watchdog.close(); // this test's own sweeps alone
    const { redis, keys } = { redis: harness.redis.redis, keys: harness.keys };
    const deadlines = keys.scoped("watchdog");
    async function storeRunningTurn(i: number, deadline: number): Promise<Turn> {
      const request = buildRequest(`Ev-wd-starve-${i}`, `1700009300.${String(i).padStart(6, "0")}`);
      const turn: Turn = { id: request.id, conversationKey: conversationKey(request.conversation), request };
      await redis.hset(
        keys.turn(turn.conversationKey, turn.id),
        "data",
        JSON.stringify(turn),
        "status",
        "running",
      );
      await redis.zadd(deadlines, deadline, `${turn.conversationKey}\n${turn.id}`);
      return turn;
    }
    // A full sweep's batch of turns timed out in threads the platform no longer lets Baton post in
    // (archived, deleted), and one ordinary turn that timed out after them.
    const oldest = await storeRunningTurn(0, Date.now() - 60_000);
    const unanswerable = new Set<string>([oldest.id]);
    for (let i = 1; i < 100; i += 1)
      unanswerable.add((await storeRunningTurn(i, Date.now() - 60_000 + i)).id);
    const ordinary = await storeRunningTurn(1000, Date.now() - 1_000);
    const answered: string[] = [];
    let failedAnswers = 0;
    const sweeping = createTurnWatchdog({
      redis,
      keys,
      turns: harness.queue.turns,
      logger: silentLogger,
      timeoutMs: TIMEOUT_MS,
      sweepEveryMs: 50,
      answer: async (turn) => {
        if (unanswerable.has(turn.id)) {
          failedAnswers += 1;
          throw new Error("channel_not_found");
        }
        answered.push(turn.id);
        return true;
      },
    });
    try {
      sweeping.start();
      await waitFor(
        () => (answered.includes(ordinary.id) ? true : undefined),
        5_000,
        "the ordinary turn's answer",
      );
      // Each failed answer waits about as long as its turn had been overdue (a minute) before the next.
      expect(failedAnswers).toBe(100);
      const retryAt = Number(await redis.zscore(deadlines, `${oldest.conversationKey}\n${oldest.id}`));
      expect(retryAt).toBeGreaterThan(Date.now() + 50_000);
    } finally {
      await sweeping.close();
    }
  });
  it("waits longer before each new try of an answer that keeps failing, not a sweep each time", async () => {
    await watchdog.close(); // this test's own sweeps alone
    const { redis, keys } = { redis: harness.redis.redis, keys: harness.keys };
    const deadlines = keys.scoped("watchdog");
    const request = buildRequest("Ev-wd-backoff", "1700009400.000001");
    const turn: Turn = { id: request.id, conversationKey: conversationKey(request.conversation), request };
    const member = `${turn.conversationKey}\n${turn.id}`;
    await redis.hset(
      keys.turn(turn.conversationKey, turn.id),
      "data",
      JSON.stringify(turn),
      "status",
      "running",
    );
    await redis.zadd(deadlines, Date.now() - 1_000, member);
    const triedAt: number[] = [];
    const sweeping = createTurnWatchdog({
      redis,
      keys,
      turns: harness.queue.turns,
      logger: silentLogger,
      timeoutMs: TIMEOUT_MS,
      sweepEveryMs: 50,
      answer: async () => {
        triedAt.push(Date.now());
        throw new Error("channel_not_found");
      },
    });
    try {
      sweeping.start();
      // The sweep puts the turn back only after the answer has failed: wait for that, not the try.
      const retryAt = await waitFor(
        async () => {
          const secondTry = triedAt[1];
          if (secondTry === undefined) return undefined;
          const score = Number(await redis.zscore(deadlines, member));
          return score > secondTry ? { score, secondTry } : undefined;
        },
        5_000,
        "the second try put back",
      );
      // Overdue by a second at the first try, by two at the second: the third waits about two more.
      expect(retryAt.score).toBeGreaterThan(retryAt.secondTry + 1_500);
    } finally {
      await sweeping.close();
    }
  });
});
