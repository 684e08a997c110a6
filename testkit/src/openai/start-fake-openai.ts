import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  buildChatCompletion,
  buildOpenAIError,
  estimateTokens,
  promptText,
} from "./build-chat-completion.js";
import type {
  ChatCompletionRequestBody,
  FakeOpenAIReply,
  FakeOpenAIRequest,
  FakeOpenAIScript,
} from "./fake-openai-reply.js";

export interface FakeOpenAIOptions {
  /** Defaults to an empty list: every request gets HTTP 500 until a script is set. */
  script?: FakeOpenAIScript;
  /** What `GET /v1/models` lists. */
  models?: readonly string[];
}

export const FAKE_OPENAI_DEFAULT_MODELS = ["gpt-4.1-mini", "gpt-4.1"] as const;

export interface FakeOpenAI {
  /** Base URL ending in `/v1`, ready for `new OpenAI({ baseURL })`. */
  readonly url: string;
  /** Every chat completion request in arrival order, answered or not. */
  readonly requests: readonly FakeOpenAIRequest[];
  /** Replaces the script; a list starts from its first reply. */
  setScript(script: FakeOpenAIScript): void;
  /** The fake's token estimate for a request's messages (what it reports as `usage.prompt_tokens`). */
  promptTokensOf(request: FakeOpenAIRequest): number;
  close(): Promise<void>;
}

/**
 * Starts a local OpenAI-compatible server on 127.0.0.1 that answers `POST /v1/chat/completions`
 * in OpenAI's wire format, as scripted (text, JSON, function calls, errors), and records each
 * request; `GET /v1/models` lists `models`.
 *
 * @example
 * const fake = await startFakeOpenAI({ script: [{ kind: "json", value: { targetId: "acme/api" } }] });
 * const client = new OpenAI({ apiKey: "sk-test", baseURL: fake.url });
 * await client.chat.completions.create({ model: "gpt-4.1-mini", messages: [{ role: "user", content: "hi" }] });
 * expect(fake.requests[0]?.body.model).toBe("gpt-4.1-mini");
 * await fake.close();
 */
export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const requests: FakeOpenAIRequest[] = [];
  let script: FakeOpenAIScript = options.script ?? [];
  let nextReply = 0;
  let completions = 0;
  let toolCallIds = 0;
  const models = options.models ?? FAKE_OPENAI_DEFAULT_MODELS;
  const timers = new Set<NodeJS.Timeout>();

  async function replyFor(request: FakeOpenAIRequest): Promise<FakeOpenAIReply> {
    if (typeof script === "function") return script(request);
    const reply = script[nextReply];
    nextReply += 1;
    return reply ?? { kind: "error", status: 500, message: "The fake OpenAI has no scripted reply left." };
  }

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = req.url?.split("?")[0] ?? "";
    if (req.method === "GET" && path === "/v1/models") {
      const data = models.map((id) => ({ id, object: "model", created: 1_700_000_000, owned_by: "fake" }));
      sendJson(res, 200, { object: "list", data });
      return;
    }
    if (req.method !== "POST" || path !== "/v1/chat/completions") {
      sendJson(
        res,
        404,
        buildOpenAIError(404, `The fake OpenAI serves POST /v1/chat/completions, not ${req.method} ${path}.`),
      );
      return;
    }
    const raw = await readBody(req);
    let body: ChatCompletionRequestBody;
    try {
      body = JSON.parse(raw) as ChatCompletionRequestBody;
    } catch {
      sendJson(res, 400, buildOpenAIError(400, "We could not parse the JSON body of your request."));
      return;
    }
    const request: FakeOpenAIRequest = {
      method: req.method,
      path,
      apiKey: req.headers.authorization?.replace(/^Bearer\s+/i, ""),
      body,
      at: Date.now(),
    };
    requests.push(request);
    const reply = await replyFor(request);
    if (reply.delayMs) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, reply.delayMs);
        timers.add(timer);
      });
    }
    // A client that timed out has gone; writing to it would only raise EPIPE here.
    if (res.destroyed || req.socket.destroyed) return;
    if (reply.kind === "error") {
      sendJson(res, reply.status, buildOpenAIError(reply.status, reply.message, reply.code));
      return;
    }
    completions += 1;
    const id = `chatcmpl-fake${completions}`;
    if (reply.kind === "tool_calls") {
      const toolCalls = reply.calls.map((call) => {
        toolCallIds += 1;
        return {
          id: call.id ?? `call_${toolCallIds}`,
          type: "function" as const,
          function: {
            name: call.name,
            arguments:
              typeof call.arguments === "string" || call.argumentsAsSent
                ? call.arguments
                : JSON.stringify(call.arguments),
          },
        };
      });
      sendJson(res, 200, buildChatCompletion({ id, body, content: reply.content ?? null, toolCalls }));
      return;
    }
    if (reply.kind === "text") {
      const { content, finishReason } = reply;
      sendJson(
        res,
        200,
        buildChatCompletion({ id, body, content, ...(finishReason ? { finishReason } : {}) }),
      );
      return;
    }
    sendJson(res, 200, buildChatCompletion({ id, body, content: JSON.stringify(reply.value) }));
  }

  const server = createServer((req, res) => {
    answer(req, res).catch((error: unknown) => {
      if (!res.headersSent && !res.destroyed)
        sendJson(res, 500, buildOpenAIError(500, `fake OpenAI crashed: ${String(error)}`));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    setScript(next) {
      script = next;
      nextReply = 0;
    },
    promptTokensOf: (request) => estimateTokens(promptText(request.body)),
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        // The SDK's fetch keeps connections alive; without this close() waits for them to idle out.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json", "x-request-id": `req_fake_${Date.now()}` });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
