import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { AgentEvent } from "@baton/core";
import { type FakeOpenAI, startFakeOpenAI } from "@baton/testkit";
import { OpenAI } from "openai";
import { afterEach, describe, expect, it } from "vitest";
import { type AgentLoopOptions, runAgentLoop } from "./run-agent-loop.js";
import { AGENT_TOOLS } from "./tools/agent-tools.js";
import type { Workspace } from "./workspace/workspace.js";

let fake: FakeOpenAI;
afterEach(() => fake.close());

// A workspace whose directory does not exist: list_files fails inside the tool, which is enough
// to see the loop go round without a checkout.
const WORKSPACE: Workspace = {
  roots: [{ repo: "acme/web", dir: "/nonexistent/baton", commit: "0".repeat(40) }],
};

async function drive(options: Partial<AgentLoopOptions>): Promise<{ events: AgentEvent[]; answer: string }> {
  const client = new OpenAI({ apiKey: "sk-test", baseURL: fake.url, maxRetries: 0 });
  const loop = runAgentLoop({
    client,
    model: "gpt-test",
    messages: [{ role: "user", content: "look around" }],
    tools: AGENT_TOOLS,
    workspace: WORKSPACE,
    git: "git",
    limits: { maxSteps: 16, maxTokens: 1_000_000 },
    signal: new AbortController().signal,
    ...options,
  });
  const events: AgentEvent[] = [];
  for (;;) {
    const next = await loop.next();
    if (next.done) return { events, answer: next.value };
    events.push(next.value);
  }
}

const LIST = { kind: "tool_calls" as const, calls: [{ name: "list_files", arguments: { pattern: "**" } }] };

describe("runAgentLoop", () => {
  it("the last step allowed asks without tools, so that the turn ends in an answer", async () => {
    fake = await startFakeOpenAI({
      script: [LIST, LIST, { kind: "text", content: "Here is what I found." }],
    });
    const { answer, events } = await drive({ limits: { maxSteps: 3, maxTokens: 1_000_000 } });
    expect(answer).toBe("Here is what I found.");
    expect(fake.requests.map((r) => r.body.tool_choice)).toEqual(["auto", "auto", "none"]);
    expect(events.filter((e) => e.type === "tool")).toHaveLength(2);
    expect(events).toContainEqual({ type: "status", message: "Step budget spent: writing the answer" });
  });

  it("a spent token budget makes the next step the last", async () => {
    fake = await startFakeOpenAI({ script: [LIST, { kind: "text", content: "Enough." }] });
    const { answer } = await drive({ limits: { maxSteps: 16, maxTokens: 1 } });
    expect(answer).toBe("Enough.");
    expect(fake.requests.map((r) => r.body.tool_choice)).toEqual(["auto", "none"]);
  });

  it("runs a tool call whose arguments a server sent as an object, or not at all, and sends them back as the API's string", async () => {
    fake = await startFakeOpenAI({
      script: [
        {
          kind: "tool_calls",
          calls: [
            { name: "list_files", arguments: { pattern: "**" }, argumentsAsSent: true },
            { name: "list_files", arguments: null, argumentsAsSent: true },
          ],
        },
        { kind: "text", content: "Listed." },
      ],
    });
    const { answer, events } = await drive({});
    expect(answer).toBe("Listed.");
    const tools = events.filter((e) => e.type === "tool");
    expect(tools.map((e) => e.input)).toEqual(['{"pattern":"**"}', "{}"]);
    for (const tool of tools) expect(tool.output).not.toMatch(/Invalid arguments|not valid JSON/);
    const sentBack = fake.requests[1]?.body.messages?.find((m) => m.role === "assistant");
    const calls = sentBack?.tool_calls as Array<{ function: { arguments: unknown } }> | undefined;
    expect(calls?.map((call) => call.function.arguments)).toEqual(['{"pattern":"**"}', "{}"]);
  });

  it("hands a tool call the model got wrong back to it, and sends no tools without a workspace", async () => {
    fake = await startFakeOpenAI({
      script: [
        { kind: "tool_calls", calls: [{ name: "delete_everything", arguments: {} }] },
        { kind: "text", content: "Sorry." },
      ],
    });
    const { events } = await drive({});
    expect(events).toContainEqual(
      expect.objectContaining({
        type: "tool",
        name: "delete_everything",
        output: expect.stringContaining("no tool"),
      }),
    );
    await fake.close();
    fake = await startFakeOpenAI({ script: [{ kind: "text", content: "From memory." }] });
    expect((await drive({ workspace: { roots: [] } })).answer).toBe("From memory.");
    expect(fake.requests[0]?.body.tools).toBeUndefined();
  });

  it("an answer the model stopped at its output limit says it was cut short", async () => {
    fake = await startFakeOpenAI({
      script: [
        { kind: "text", content: "The login test fails because", finishReason: "length" },
        { kind: "text", content: "", finishReason: "length" },
      ],
    });
    expect((await drive({})).answer).toBe(
      "The login test fails because\n\n(The answer was cut short: the model reached its output limit.)",
    );
    expect((await drive({})).answer).toBe("The model reached its output limit before it answered.");
  });

  it("an answer without choices is no answer, not a crash", async () => {
    fake = await startFakeOpenAI();
    // A proxy that answers 200 with an error body instead of a completion.
    const server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "upstream failed" } }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const client = new OpenAI({
        apiKey: "sk-test",
        baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
        maxRetries: 0,
      });
      expect((await drive({ client })).answer).toBe("The model gave no answer.");
    } finally {
      server.close();
    }
  });

  it("a model API failure becomes a BatonError, retryable for a 5xx and not for a 401", async () => {
    fake = await startFakeOpenAI({
      script: [
        { kind: "error", status: 503 },
        { kind: "error", status: 401 },
      ],
    });
    await expect(drive({})).rejects.toMatchObject({ code: "backend_failed", retryable: true });
    await expect(drive({})).rejects.toMatchObject({
      retryable: false,
      userMessage: expect.stringContaining("OPENAI_API_KEY"),
    });
  });

  it("a 429 for an account out of quota is not retried, and says so; a rate limit's 429 is", async () => {
    fake = await startFakeOpenAI({
      script: [
        { kind: "error", status: 429, code: "insufficient_quota" },
        { kind: "error", status: 429 },
      ],
    });
    await expect(drive({})).rejects.toMatchObject({
      retryable: false,
      userMessage: expect.stringContaining("out of quota"),
    });
    await expect(drive({})).rejects.toMatchObject({
      retryable: true,
      userMessage: expect.stringContaining("rate limiting"),
    });
  });
});
