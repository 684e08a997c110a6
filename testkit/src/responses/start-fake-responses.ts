import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { readRequestBody } from "../net/read-request-body.js";
import type {
  FakeModelAction,
  FakeModelRequest,
  FakeModelScript,
  ResponsesRequestBody,
} from "./fake-model-step.js";
import { planModelAnswer } from "./plan-model-answer.js";
import { readModelRequest } from "./read-model-request.js";
import { buildResponseEvents, encodeServerSentEvent } from "./responses-stream.js";

export interface FakeResponsesOptions {
  /** Defaults to an empty list: every request gets HTTP 500 until a script is set. */
  script?: FakeModelScript;
  /** When set, any other bearer token gets 401 `invalid_api_key` (a refused key). */
  apiKey?: string;
  /** When set, a request for any other model gets 404 `model_not_found`. */
  models?: readonly string[];
}

export interface FakeResponses {
  /** Base URL ending in `/v1` (the CLI posts to `{url}/responses`). */
  readonly url: string;
  /** Every `POST /responses` in arrival order, answered or refused. */
  readonly requests: readonly FakeModelRequest[];
  /** How many WebSocket upgrades were refused with 426 (the CLI's built-in provider tries one first). */
  readonly websocketAttempts: number;
  /** Replaces the script; a list starts from its first answer. */
  setScript(script: FakeModelScript): void;
  close(): Promise<void>;
}

/**
 * Starts a model server on 127.0.0.1 that speaks the Responses API as the codex CLI uses it
 * (`POST /v1/responses`, streamed as server-sent events) and answers as a test scripts it: run a
 * command, poll it, apply a patch, answer with text, fail or hang. Each step may read the request
 * (the history's tool outputs with their exit codes) to decide.
 *
 * @example
 * const model = await startFakeResponses({
 *   script: [
 *     { kind: "exec", cmd: "npm test" },
 *     (request) => ({ kind: "text", text: `tests exited ${request.lastToolOutput?.exitCode}` }),
 *   ],
 * });
 * // codex: model_providers.fake = { base_url = model.url, wire_api = "responses", env_key = "…" }
 * await model.close();
 */
export async function startFakeResponses(options: FakeResponsesOptions = {}): Promise<FakeResponses> {
  const requests: FakeModelRequest[] = [];
  let script: FakeModelScript = options.script ?? [];
  let nextStep = 0;
  let websocketAttempts = 0;
  const stalled = new Set<ServerResponse>();

  async function actionFor(request: FakeModelRequest): Promise<FakeModelAction> {
    if (typeof script === "function") return script(request);
    const step = script[nextStep];
    nextStep += 1;
    if (!step) return { kind: "error", status: 500, message: "The fake model has no scripted answer left." };
    return typeof step === "function" ? step(request) : step;
  }

  function refusal(request: FakeModelRequest): FakeModelAction | undefined {
    if (options.apiKey !== undefined && request.apiKey !== options.apiKey) {
      return { kind: "error", status: 401, code: "invalid_api_key", message: "Incorrect API key provided." };
    }
    if (options.models && !options.models.includes(request.model)) {
      const message = `The model \`${request.model}\` does not exist or you do not have access to it.`;
      return { kind: "error", status: 404, code: "model_not_found", message };
    }
    return undefined;
  }

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = req.url?.split("?")[0] ?? "";
    if (req.method !== "POST" || path !== "/v1/responses") {
      sendError(
        res,
        404,
        "not_found",
        `The fake model serves POST /v1/responses, not ${req.method} ${path}.`,
      );
      return;
    }
    let body: ResponsesRequestBody;
    try {
      body = JSON.parse(await readRequestBody(req)) as ResponsesRequestBody;
    } catch {
      sendError(res, 400, "invalid_json", "We could not parse the JSON body of your request.");
      return;
    }
    const request = readModelRequest({ index: requests.length + 1, body, headers: req.headers });
    requests.push(request);
    const action = refusal(request) ?? (await actionFor(request));
    if (res.destroyed) return;
    if (action.kind === "error")
      return sendError(res, action.status, action.code ?? null, action.message, action.type);
    if (action.kind === "stall") {
      stalled.add(res);
      res.on("close", () => stalled.delete(res));
      return;
    }
    const id = `fake${request.index}`;
    const events = buildResponseEvents({
      responseId: `resp_${id}`,
      model: request.model,
      items: planModelAnswer(action, request, id),
      usage: usageFor(body, action),
    });
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    for (const event of events) res.write(encodeServerSentEvent(event));
    res.end();
  }

  const server = createServer((req, res) => {
    answer(req, res).catch((error: unknown) => {
      if (!res.headersSent && !res.destroyed)
        sendError(res, 500, "server_error", `fake model crashed: ${error}`);
    });
  });
  server.on("upgrade", (_req: IncomingMessage, socket: Duplex) => {
    websocketAttempts += 1;
    socket.end("HTTP/1.1 426 Upgrade Required\r\nconnection: close\r\ncontent-length: 0\r\n\r\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    get websocketAttempts() {
      return websocketAttempts;
    },
    setScript(next) {
      script = next;
      nextStep = 0;
    },
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        for (const res of stalled) res.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

// Rough token counts (4 characters a token), enough for a client to report usage.
function usageFor(body: ResponsesRequestBody, action: FakeModelAction) {
  const inputTokens = Math.ceil(JSON.stringify(body.input ?? []).length / 4);
  const outputTokens = Math.ceil(JSON.stringify(action).length / 4);
  return {
    input_tokens: inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: outputTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: inputTokens + outputTokens,
  };
}

function sendError(
  res: ServerResponse,
  status: number,
  code: string | null,
  message: string,
  type = status >= 500 ? "server_error" : "invalid_request_error",
): void {
  res.writeHead(status, { "content-type": "application/json", "x-request-id": `req_fake_${Date.now()}` });
  res.end(JSON.stringify({ error: { message, type, param: null, code } }));
}
