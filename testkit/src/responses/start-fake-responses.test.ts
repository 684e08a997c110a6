import { request as httpRequest } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { type FakeResponses, startFakeResponses } from "./start-fake-responses.js";

let model: FakeResponses | undefined;
afterEach(async () => {
  await model?.close();
});

const KNOWN_TOOLS = [
  { type: "function", name: "exec_command" },
  { type: "custom", name: "apply_patch" },
];

async function post(url: string, body: unknown, key = "sk-test") {
  const response = await fetch(`${url}/responses`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

function events(text: string): Array<{ type: string } & Record<string, unknown>> {
  return text
    .split("\n\n")
    .filter(Boolean)
    .map((frame) => {
      const [eventLine, dataLine] = frame.split("\n");
      const event = JSON.parse(dataLine?.replace(/^data: /, "") ?? "{}");
      expect(eventLine).toBe(`event: ${event.type}`);
      return event;
    });
}

describe("startFakeResponses", () => {
  it("streams a command call, then reads its exit code from the next request's history", async () => {
    model = await startFakeResponses({
      script: [
        { kind: "exec", cmd: "npm test" },
        (request) => ({ kind: "text", text: `exit ${request.lastToolOutput?.exitCode}` }),
      ],
    });
    const first = await post(model.url, { model: "gpt-5.5", stream: true, input: [], tools: KNOWN_TOOLS });
    const streamed = events(first.text);
    // Deltas come in pieces; each kind of event once in order is the shape.
    const kinds = streamed.map((event) => event.type).filter((type, at, all) => type !== all[at - 1]);
    expect(kinds).toEqual([
      "response.created",
      "response.in_progress",
      "response.output_item.added",
      "response.function_call_arguments.delta",
      "response.function_call_arguments.done",
      "response.output_item.done",
      "response.completed",
    ]);
    const call = streamed.find((event) => event.type === "response.output_item.done")?.item as {
      call_id: string;
      name: string;
      arguments: string;
    };
    expect(call.name).toBe("exec_command");
    expect(JSON.parse(call.arguments)).toEqual({ cmd: "npm test", yield_time_ms: 10_000 });
    expect(streamed.at(-1)).toMatchObject({
      response: { status: "completed", usage: { input_tokens: expect.any(Number) } },
    });

    const history = [
      { type: "function_call", call_id: call.call_id, name: "exec_command", arguments: call.arguments },
      {
        type: "function_call_output",
        call_id: call.call_id,
        output: "Process exited with code 1\nOutput:\nfail\n",
      },
    ];
    const second = await post(model.url, {
      model: "gpt-5.5",
      stream: true,
      input: history,
      tools: KNOWN_TOOLS,
    });
    const done = events(second.text).find((event) => event.type === "response.output_text.done");
    expect(done?.text).toBe("exit 1");
    expect(model.requests[1]?.lastToolOutput).toMatchObject({ tool: "exec_command", exitCode: 1 });
  });

  it("sends a patch as the freeform tool when offered, else as an exec_command heredoc", async () => {
    const patch = "*** Begin Patch\n*** Add File: a.txt\n+a\n*** End Patch\n";
    model = await startFakeResponses({
      script: [
        { kind: "patch", patch },
        { kind: "patch", patch },
      ],
    });
    const freeform = events(
      (await post(model.url, { model: "gpt-5.5", input: [], tools: KNOWN_TOOLS })).text,
    );
    const heredoc = events(
      (await post(model.url, { model: "gpt-4.1-mini", input: [], tools: [KNOWN_TOOLS[0]] })).text,
    );

    expect(freeform.map((event) => event.type)).toContain("response.custom_tool_call_input.done");
    expect(freeform.find((event) => event.type === "response.output_item.done")?.item).toMatchObject({
      type: "custom_tool_call",
      name: "apply_patch",
      input: patch,
    });
    const viaExec = heredoc.find((event) => event.type === "response.output_item.done")?.item as {
      arguments: string;
    };
    expect(JSON.parse(viaExec.arguments).cmd).toBe(`apply_patch <<'PATCH'\n${patch.trimEnd()}\nPATCH`);
  });

  it("refuses a wrong key and an unknown model, and answers 500 once the script runs out", async () => {
    model = await startFakeResponses({ apiKey: "sk-right", models: ["gpt-5.5"], script: [] });

    const wrongKey = await post(model.url, { model: "gpt-5.5", input: [] }, "sk-wrong");
    const unknownModel = await post(model.url, { model: "gpt-nope", input: [] }, "sk-right");
    const exhausted = await post(model.url, { model: "gpt-5.5", input: [] }, "sk-right");

    expect(wrongKey.status).toBe(401);
    expect(JSON.parse(wrongKey.text).error.code).toBe("invalid_api_key");
    expect(unknownModel.status).toBe(404);
    expect(JSON.parse(unknownModel.text).error.code).toBe("model_not_found");
    expect(exhausted.status).toBe(500);
    expect(model.requests.map((request) => request.apiKey)).toEqual(["sk-wrong", "sk-right", "sk-right"]);
  });

  it("answers a WebSocket upgrade with 426 so that the client falls back to HTTP", async () => {
    model = await startFakeResponses();
    const { port } = new URL(model.url);
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = httpRequest({
        host: "127.0.0.1",
        port,
        path: "/v1/responses",
        headers: {
          connection: "Upgrade",
          upgrade: "websocket",
          "sec-websocket-version": "13",
          "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
        },
      });
      req.on("response", (response) => resolve(response.statusCode));
      req.on("error", reject);
      req.end();
    });

    expect(status).toBe(426);
    expect(model.websocketAttempts).toBe(1);
  });
});
