import { afterEach, describe, expect, it } from "vitest";
import { type FakeOpenAI, startFakeOpenAI } from "./start-fake-openai.js";

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function complete(url: string, content: string): Promise<Response> {
  return fetch(`${url}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer sk-test" },
    body: JSON.stringify({ model: "gpt-test", messages: [{ role: "user", content }] }),
  });
}

describe("startFakeOpenAI", () => {
  it("answers scripted replies in order in OpenAI's wire format and records the requests", async () => {
    fake = await startFakeOpenAI({
      script: [
        { kind: "json", value: { answer: 42 } },
        { kind: "text", content: "not json at all" },
      ],
    });
    const first = await complete(fake.url, "x".repeat(400));
    expect(first.status).toBe(200);
    const body = (await first.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      object: "chat.completion",
      model: "gpt-test",
      choices: [
        { index: 0, message: { role: "assistant", content: '{"answer":42}' }, finish_reason: "stop" },
      ],
      usage: { prompt_tokens: 100 },
    });
    expect(String(body.id)).toMatch(/^chatcmpl-/);
    const second = (await (await complete(fake.url, "again")).json()) as {
      choices: Array<{ message: { content: string } }>;
    };
    expect(second.choices[0]?.message.content).toBe("not json at all");
    expect(fake.requests.map((r) => [r.path, r.apiKey, r.body.model])).toEqual([
      ["/v1/chat/completions", "sk-test", "gpt-test"],
      ["/v1/chat/completions", "sk-test", "gpt-test"],
    ]);
  });

  it("answers errors with OpenAI's error body, and 500 once a scripted list runs out", async () => {
    fake = await startFakeOpenAI({ script: [{ kind: "error", status: 429 }] });
    const limited = await complete(fake.url, "hi");
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: { message: expect.any(String), type: "requests", param: null, code: "rate_limit_exceeded" },
    });
    const exhausted = await complete(fake.url, "hi");
    expect(exhausted.status).toBe(500);
    expect(await exhausted.json()).toMatchObject({ error: { type: "server_error" } });
  });

  it("lets a function script answer from the request", async () => {
    fake = await startFakeOpenAI({
      script: (request) => ({ kind: "text", content: `echo ${String(request.body.messages?.[0]?.content)}` }),
    });
    const body = (await (await complete(fake.url, "ping")).json()) as {
      choices: Array<{ message: { content: string } }>;
    };
    expect(body.choices[0]?.message.content).toBe("echo ping");
  });

  it("scripts function calls in the wire format, arguments as JSON strings", async () => {
    fake = await startFakeOpenAI({
      script: [
        {
          kind: "tool_calls",
          calls: [
            { name: "read_file", arguments: { path: "README.md" } },
            { name: "search", arguments: "{not json", id: "call_custom" },
          ],
        },
      ],
    });
    const body = (await (await complete(fake.url, "read it")).json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      choices: [
        {
          finish_reason: "tool_calls",
          message: {
            role: "assistant",
            content: null,
            tool_calls: [
              {
                id: "call_1",
                type: "function",
                function: { name: "read_file", arguments: '{"path":"README.md"}' },
              },
              { id: "call_custom", type: "function", function: { name: "search", arguments: "{not json" } },
            ],
          },
        },
      ],
    });
  });

  it("lists its models and serves nothing else but chat completions", async () => {
    fake = await startFakeOpenAI({ models: ["gpt-x"] });
    const models = await fetch(`${fake.url}/models`);
    expect(await models.json()).toEqual({
      object: "list",
      data: [{ id: "gpt-x", object: "model", created: expect.any(Number), owned_by: "fake" }],
    });
    const response = await fetch(`${fake.url}/embeddings`, { method: "POST", body: "{}" });
    expect(response.status).toBe(404);
    expect(fake.requests).toHaveLength(0);
  });
});
