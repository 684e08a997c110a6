/**
 * How the fake OpenAI answers one request:
 * - `json`: a completion whose message content is `JSON.stringify(value)`;
 * - `text`: a completion with exactly this content (garbage, prose, half a JSON object); with
 *   `finishReason: "length"`, one the model stopped writing at its output limit;
 * - `tool_calls`: an assistant message that calls functions (`finish_reason: "tool_calls"`), each
 *   call's `arguments` sent as the JSON string the API sends (a string is sent as it is, so a test
 *   can send malformed arguments);
 * - `error`: an HTTP error with OpenAI's error body (`{ error: { message, type, param, code } }`),
 *   e.g. 500 or 429; a 429 with `code: "insufficient_quota"` is an account out of quota.
 * Any reply may wait `delayMs` first, which is how a test makes the client time out.
 */
export type FakeOpenAIReply =
  | { kind: "json"; value: unknown; delayMs?: number }
  | { kind: "text"; content: string; finishReason?: "stop" | "length"; delayMs?: number }
  | { kind: "tool_calls"; calls: FakeToolCall[]; content?: string; delayMs?: number }
  | { kind: "error"; status: number; message?: string; code?: string; delayMs?: number };

/** One function call in a scripted `tool_calls` reply; ids default to `call_<n>`. */
export interface FakeToolCall {
  name: string;
  arguments: unknown;
  id?: string;
  /** Sends `arguments` as they are, not as the API's JSON string (a server that departs from it). */
  argumentsAsSent?: boolean;
}

/** A chat completion request as the fake received it. */
export interface FakeOpenAIRequest {
  method: string;
  path: string;
  /** The bearer token the client sent, if any. */
  apiKey: string | undefined;
  /** The parsed JSON body (`model`, `messages`, `response_format`, `temperature`, …). */
  body: ChatCompletionRequestBody;
  /** Arrival time in milliseconds since the epoch. */
  at: number;
}

export interface ChatCompletionRequestBody {
  model?: string;
  messages?: Array<{ role: string; content: unknown; tool_calls?: unknown; tool_call_id?: string }>;
  tools?: Array<{ type: string; function: { name: string } }>;
  [key: string]: unknown;
}

/**
 * Replies in order (one per request), or a function of the request. When a list runs out the
 * fake answers HTTP 500, so a test that makes more calls than it scripted fails loudly.
 */
export type FakeOpenAIScript =
  | readonly FakeOpenAIReply[]
  | ((request: FakeOpenAIRequest) => FakeOpenAIReply | Promise<FakeOpenAIReply>);
