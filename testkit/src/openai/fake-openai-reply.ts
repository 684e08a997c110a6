/**
 * How the fake OpenAI answers one request:
 * - `json`: a completion whose message content is `JSON.stringify(value)`;
 * - `text`: a completion with exactly this content (garbage, prose, half a JSON object);
 * - `error`: an HTTP error with OpenAI's error body (`{ error: { message, type, param, code } }`),
 *   e.g. 500 or 429.
 * Any reply may wait `delayMs` first, which is how a test makes the client time out.
 */
export type FakeOpenAIReply =
  | { kind: "json"; value: unknown; delayMs?: number }
  | { kind: "text"; content: string; delayMs?: number }
  | { kind: "error"; status: number; message?: string; delayMs?: number };

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
  messages?: Array<{ role: string; content: unknown }>;
  [key: string]: unknown;
}

/**
 * Replies in order (one per request), or a function of the request. When a list runs out the
 * fake answers HTTP 500, so a test that makes more calls than it scripted fails loudly.
 */
export type FakeOpenAIScript =
  | readonly FakeOpenAIReply[]
  | ((request: FakeOpenAIRequest) => FakeOpenAIReply | Promise<FakeOpenAIReply>);
