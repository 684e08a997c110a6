import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRedisKeys } from "../../src/store/redis-keys.js";
import { createTranscriptStore, parseTranscriptLine } from "../../src/store/transcript-store.js";

describe("transcript lines", () => {
  let testRedis: TestRedis;
  beforeEach(async () => {
    testRedis = await createTestRedis("transcript-lines");
  });
  afterEach(() => testRedis.cleanup());

  it("reads entries unparsed, page by page, and parses each into what read() returns", async () => {
    const transcripts = createTranscriptStore({
      redis: testRedis.redis,
      keys: createRedisKeys(testRedis.prefix),
    });
    for (const message of ["one", "two", "three"]) {
      await transcripts.append("s1", { kind: "event", turnId: "t1", event: { type: "status", message } });
    }
    const all = await transcripts.read("s1");
    const first = await transcripts.readLines("s1", { count: 2 });
    const rest = await transcripts.readLines("s1", { afterId: first.at(-1)?.id ?? "" });
    expect([...first, ...rest].map((line) => line.id)).toEqual(all.map((entry) => entry.id));
    expect(typeof first[0]?.json).toBe("string");
    expect([...first, ...rest].map(parseTranscriptLine)).toEqual(all);
  });

  it("refuses a line that is not a transcript entry", () => {
    expect(() => parseTranscriptLine({ id: "1-0", json: '{"kind":"nonsense"}' })).toThrow();
    expect(() => parseTranscriptLine({ id: "1-0", json: "not json" })).toThrow();
  });
});
