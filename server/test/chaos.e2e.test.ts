import { describe, expect, it } from "vitest";
import { DEFAULT_CHAOS_OPTIONS, runChaos } from "../../bench/chaos/run-chaos.js";

// The short chaos run of docs/faults.md: the same checks as `npm run chaos`, on fewer requests.
// Its waits end when every accepted request has an outcome; nothing here depends on speed.
describe("a short chaos run: requests repeated, workers killed, Redis restarted, platform APIs failing", () => {
  it("keeps one session per conversation, one final reply per turn, each conversation's order, and an outcome for every request", async () => {
    const lines: string[] = [];
    const result = await runChaos({
      ...DEFAULT_CHAOS_OPTIONS,
      requests: 240,
      kills: 2,
      workers: 2,
      command: "source",
      turnTimeoutMs: 30_000,
      workerLockMs: 2_000,
      sendConcurrency: 12,
      seed: 3,
      log: (line) => lines.push(line),
    });
    const failed = result.checks.filter((check) => !check.ok);
    expect(failed, lines.join("\n")).toEqual([]);
    expect(result.tally.accepted).toBe(240);
    expect(result.tally.missing + result.tally.doubled).toBe(0);
    // The faults the run claims to inject did happen.
    expect(result.figures.kills).toBe(2);
    expect(result.figures.redisRestarts).toBe(1);
    expect(result.figures.repeated).toBeGreaterThan(240 * 0.2);
    for (const injected of Object.values(result.figures.faults)) expect(injected).toBeGreaterThan(0);
  }, 240_000);
});
