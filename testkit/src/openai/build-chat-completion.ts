import type { ChatCompletionRequestBody } from "./fake-openai-reply.js";

/** A rough token count (4 characters a token), enough for a bench to compare prompt sizes. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Every message's text, as the tokenizer would see it. */
export function promptText(body: ChatCompletionRequestBody): string {
  return (body.messages ?? [])
    .map((message) =>
      typeof message.content === "string" ? message.content : JSON.stringify(message.content),
    )
    .join("\n");
}

/** A function call as it appears in an assistant message of the wire format. */
export interface WireToolCall {
  id: string;
  type: "function";
  /** `arguments` is the JSON string the API sends; anything else only where a test departs from it. */
  function: { name: string; arguments: unknown };
}

/** A `chat.completion` object in OpenAI's wire format; with `toolCalls` it asks for function calls. */
export function buildChatCompletion({
  id,
  body,
  content,
  toolCalls,
  finishReason,
}: {
  id: string;
  body: ChatCompletionRequestBody;
  content: string | null;
  toolCalls?: WireToolCall[];
  /** Why the model stopped; by default `tool_calls` with calls, else `stop`. */
  finishReason?: "stop" | "length";
}): Record<string, unknown> {
  const promptTokens = estimateTokens(promptText(body));
  const completionTokens = estimateTokens((content ?? "") + JSON.stringify(toolCalls ?? []));
  const message = toolCalls
    ? { role: "assistant", content, refusal: null, annotations: [], tool_calls: toolCalls }
    : { role: "assistant", content, refusal: null, annotations: [] };
  return {
    id,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: body.model ?? "fake-model",
    choices: [
      {
        index: 0,
        message,
        logprobs: null,
        finish_reason: toolCalls ? "tool_calls" : (finishReason ?? "stop"),
      },
    ],
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: {
        reasoning_tokens: 0,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    },
    service_tier: "default",
    system_fingerprint: "fp_fake",
  };
}

/**
 * OpenAI's error body for a status, e.g. 429 `rate_limit_exceeded` or 500 `server_error`; with
 * `errorCode` "insufficient_quota", the 429 of an account out of quota (no wait cures it).
 */
export function buildOpenAIError(
  status: number,
  message?: string,
  errorCode?: string,
): Record<string, unknown> {
  const [type, code, text] =
    status === 429 && errorCode === "insufficient_quota"
      ? [
          "insufficient_quota",
          "insufficient_quota",
          "You exceeded your current quota, please check your plan and billing details.",
        ]
      : status === 429
        ? ["requests", "rate_limit_exceeded", "Rate limit reached for requests. Please try again later."]
        : status >= 500
          ? ["server_error", null, "The server had an error while processing your request. Sorry about that!"]
          : status === 401
            ? ["invalid_request_error", "invalid_api_key", "Incorrect API key provided."]
            : ["invalid_request_error", null, "Invalid request."];
  return { error: { message: message ?? text, type, param: null, code } };
}
