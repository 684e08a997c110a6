import { type FakeOpenAI, startFakeOpenAI } from "@baton/testkit";
import { OpenAI } from "openai";
import { afterEach, describe, expect, it } from "vitest";
import {
  MEMORY_RECENT_TURNS_KEPT,
  MEMORY_SUMMARY_THRESHOLD_CHARS,
  MODEL_CALL_TIMEOUT_MS,
} from "../openai-agent-limits.js";
import { type AgentConversation, rememberTurn } from "./agent-memory.js";
import { compactConversation, needsCompaction } from "./compact-conversation.js";

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

function longConversation(turns: number): AgentConversation {
  const size = Math.ceil(MEMORY_SUMMARY_THRESHOLD_CHARS / turns);
  return {
    version: 1,
    summary: "Earlier: the cart was discussed.",
    turns: Array.from({ length: turns }, (_, i) => ({
      turnId: `t${i}`,
      prompt: `question ${i}`,
      answer: "x".repeat(size),
    })),
  };
}

describe("conversation memory", () => {
  it("a retried turn replaces its own entry", () => {
    const once = rememberTurn({ version: 1, turns: [] }, { turnId: "t1", prompt: "q", answer: "first try" });
    const twice = rememberTurn(once, { turnId: "t1", prompt: "q", answer: "second try" });
    expect(twice.turns).toEqual([{ turnId: "t1", prompt: "q", answer: "second try" }]);
  });

  it("compacts only past the threshold, and keeps the latest turns word for word", async () => {
    expect(needsCompaction(longConversation(1))).toBe(false);
    const conversation = longConversation(5);
    expect(needsCompaction(conversation)).toBe(true);
    fake = await startFakeOpenAI({
      script: [{ kind: "text", content: "They asked about the cart and retries." }],
    });
    const client = new OpenAI({ apiKey: "sk-test", baseURL: fake.url, maxRetries: 0 });
    const { conversation: compacted, summarised } = await compactConversation({
      client,
      model: "gpt-test",
      conversation,
      signal: new AbortController().signal,
    });
    expect(summarised).toBe(true);
    expect(compacted.summary).toBe("They asked about the cart and retries.");
    expect(compacted.turns.map((t) => t.turnId)).toEqual(["t3", "t4"].slice(-MEMORY_RECENT_TURNS_KEPT));
    const sent = String(fake?.requests[0]?.body.messages?.[1]?.content);
    expect(sent).toContain("Earlier: the cart was discussed.");
    expect(sent).toContain("question 0");
    expect(sent).not.toContain("question 4");
  });

  it("waits for the summary no longer than for any other model call", async () => {
    fake = await startFakeOpenAI({ script: [{ kind: "text", content: "A summary." }] });
    // The SDK tells the server how long it will wait for the answer before it gives up.
    const timeouts: Array<string | null> = [];
    const client = new OpenAI({
      apiKey: "sk-test",
      baseURL: fake.url,
      maxRetries: 0,
      fetch: (url, init) => {
        timeouts.push(new Headers(init?.headers).get("x-stainless-timeout"));
        return fetch(url, init);
      },
    });
    await compactConversation({
      client,
      model: "gpt-test",
      conversation: longConversation(5),
      signal: new AbortController().signal,
    });
    expect(timeouts).toEqual([String(MODEL_CALL_TIMEOUT_MS / 1000)]);
  });

  it("drops the older turns when the model cannot summarise them", async () => {
    fake = await startFakeOpenAI({ script: [{ kind: "error", status: 500 }] });
    const client = new OpenAI({ apiKey: "sk-test", baseURL: fake.url, maxRetries: 0 });
    const { conversation, summarised } = await compactConversation({
      client,
      model: "gpt-test",
      conversation: longConversation(5),
      signal: new AbortController().signal,
    });
    expect(summarised).toBe(false);
    expect(conversation.turns).toHaveLength(MEMORY_RECENT_TURNS_KEPT);
    expect(needsCompaction(conversation)).toBe(false);
  });
});
