import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NewTranscriptEntry } from "../../src/schemas/transcript-entry.js";
import { createRedisKeys } from "../../src/store/redis-keys.js";
import { createTranscriptStore, type TranscriptStore } from "../../src/store/transcript-store.js";
import { createTurnTranscript } from "../../src/turns/create-turn-transcript.js";

const status = (message: string): NewTranscriptEntry => ({
  kind: "event",
  turnId: "t1",
  event: { type: "status", message },
});
const message = (text: string): NewTranscriptEntry => ({
  kind: "event",
  turnId: "t1",
  event: { type: "message", text },
});

/** Counts the commands a connection sends, to show that a batch is one round trip. */
function recordCommands(redis: TestRedis["redis"]): string[] {
  const sent: string[] = [];
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = ((command, stream) => {
    sent.push(command.name);
    return send(command, stream);
  }) as typeof redis.sendCommand;
  return sent;
}

describe("a turn's transcript", () => {
  let testRedis: TestRedis;
  let transcripts: TranscriptStore;
  beforeEach(async () => {
    testRedis = await createTestRedis("turn-transcript");
    transcripts = createTranscriptStore({ redis: testRedis.redis, keys: createRedisKeys(testRedis.prefix) });
  });
  afterEach(() => testRedis.cleanup());

  const describeEntries = async () =>
    (await transcripts.read("s1")).map(({ entry }) =>
      entry.kind === "event" ? `${entry.event.type}:${JSON.stringify(entry.event)}@${entry.at}` : entry.kind,
    );

  it("holds progress and writes it, in order and with each line's own time, before the next other entry", async () => {
    let clock = Date.UTC(2026, 0, 1);
    const turn = createTurnTranscript({
      transcripts,
      sessionId: "s1",
      flushMs: 60_000,
      now: () => {
        clock += 1_000;
        return new Date(clock);
      },
    });
    await turn.record(status("one"));
    await turn.record({ kind: "event", turnId: "t1", event: { type: "tool", name: "shell", input: "ls" } });
    expect(await transcripts.read("s1")).toEqual([]);
    await turn.record(message("half way"));
    await turn.record(status("two"));
    await turn.record({ kind: "outcome", turnId: "t1", status: "completed", summary: "done" });
    const entries = (await transcripts.read("s1")).map(({ entry }) => entry);
    expect(entries.map((entry) => (entry.kind === "event" ? entry.event.type : entry.kind))).toEqual([
      "status",
      "tool",
      "message",
      "status",
      "outcome",
    ]);
    expect(entries.map((entry) => entry.at)).toEqual(
      [1, 2, 3, 4, 5].map((s) => new Date(Date.UTC(2026, 0, 1) + s * 1_000).toISOString()),
    );
  });

  it("writes held progress on time without another entry, in one round trip for the batch", async () => {
    await transcripts.append("warm-up", status("loads the script"));
    const sent = recordCommands(testRedis.redis);
    const turn = createTurnTranscript({ transcripts, sessionId: "s1", flushMs: 100 });
    for (const line of ["a", "b", "c", "d"]) await turn.record(status(line));
    expect(await transcripts.read("s1")).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 250));
    const lines = await describeEntries();
    expect(sent).toEqual(["xrange", "evalsha", "xrange"]);
    expect(lines.map((line) => line.split("@")[0])).toEqual(
      ["a", "b", "c", "d"].map((m) => `status:{"type":"status","message":"${m}"}`),
    );
    expect(await testRedis.redis.pttl(createRedisKeys(testRedis.prefix).transcript("s1"))).toBeGreaterThan(0);
  });

  it("carries the backend's done along with the outcome that follows it: one call for the turn's end", async () => {
    await transcripts.append("warm-up", status("loads the script"));
    const sent = recordCommands(testRedis.redis);
    const turn = createTurnTranscript({ transcripts, sessionId: "s1", flushMs: 60_000 });
    await turn.record(status("last step"));
    await turn.record({ kind: "event", turnId: "t1", event: { type: "done", summary: "fixed" } });
    await turn.record({ kind: "outcome", turnId: "t1", status: "completed", summary: "fixed" });
    expect(sent).toEqual(["evalsha"]);
    expect((await describeEntries()).map((line) => line.split(":")[0])).toEqual([
      "status",
      "done",
      "outcome",
    ]);
  });

  it("writes what is held when flushed, and nothing twice", async () => {
    const turn = createTurnTranscript({ transcripts, sessionId: "s1", flushMs: 60_000 });
    await turn.record(status("one"));
    await turn.record(status("two"));
    await turn.flush();
    await turn.flush();
    expect(await describeEntries()).toHaveLength(2);
  });

  it("keeps a timed batch that failed for the next write, and fails the next progress line meanwhile", async () => {
    let failing = true;
    const flaky: Pick<TranscriptStore, "appendAll"> = {
      appendAll: (sessionId, entries) =>
        failing ? Promise.reject(new Error("redis is away")) : transcripts.appendAll(sessionId, entries),
    };
    const turn = createTurnTranscript({ transcripts: flaky, sessionId: "s1", flushMs: 20 });
    await turn.record(status("one"));
    await new Promise((resolve) => setTimeout(resolve, 80));
    await expect(turn.record(status("two"))).rejects.toThrow("redis is away");
    failing = false;
    await turn.record({ kind: "outcome", turnId: "t1", status: "failed", summary: "redis was away" });
    expect((await describeEntries()).map((line) => line.split(":")[0])).toEqual(["status", "outcome"]);
  });

  it("caps and trims a batch as it does one entry", async () => {
    await transcripts.appendAll("s1", [
      { entry: message("x".repeat(100_000)), at: new Date().toISOString() },
      { entry: message("short"), at: new Date().toISOString() },
    ]);
    const [long, short] = await transcripts.read("s1");
    expect(
      long?.entry.kind === "event" && long.entry.event.type === "message" && long.entry.event.text.length,
    ).toBeLessThan(50_000);
    expect(
      short?.entry.kind === "event" && short.entry.event.type === "message" && short.entry.event.text,
    ).toBe("short");
    expect(await transcripts.appendAll("s1", [])).toBe("");
  });
});
