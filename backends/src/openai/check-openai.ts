import { errorMessage } from "@baton/core";
import { APIConnectionError, APIError, OpenAI } from "openai";

/** How long `baton doctor` waits for the model API. */
export const CHECK_OPENAI_TIMEOUT_MS = 10_000;

export type OpenAICheck =
  | {
      kind: "ok";
      models: number /** Whether the default model is among them (undefined: the server lists none). */;
      modelListed?: boolean;
    }
  | { kind: "not_configured" }
  | { kind: "unauthorized"; status: number }
  | { kind: "unreachable"; message: string }
  | { kind: "failed"; status: number; message: string };

export interface CheckOpenAIOptions {
  apiKey?: string | undefined;
  baseUrl?: string | undefined;
  /** The model the agent uses by default. */
  model?: string | undefined;
  timeoutMs?: number;
}

/**
 * Checks the built-in agent's model API for `baton doctor`: lists the models with the configured
 * key, and says whether the default model is among them. Never throws.
 *
 * @example
 * const check = await checkOpenAI({ apiKey: config.OPENAI_API_KEY, baseUrl: config.OPENAI_BASE_URL, model: config.OPENAI_MODEL });
 * if (check.kind !== "ok") console.log(check);
 */
export async function checkOpenAI({
  apiKey,
  baseUrl,
  model,
  timeoutMs = CHECK_OPENAI_TIMEOUT_MS,
}: CheckOpenAIOptions): Promise<OpenAICheck> {
  if (!apiKey && !baseUrl) return { kind: "not_configured" };
  const client = new OpenAI({
    apiKey: apiKey || "not-needed",
    ...(baseUrl ? { baseURL: baseUrl } : {}),
    timeout: timeoutMs,
    maxRetries: 0,
  });
  try {
    const ids: string[] = [];
    for await (const entry of client.models.list()) ids.push(entry.id);
    return model && ids.length > 0
      ? { kind: "ok", models: ids.length, modelListed: ids.includes(model) }
      : { kind: "ok", models: ids.length };
  } catch (error) {
    if (error instanceof APIConnectionError) return { kind: "unreachable", message: error.message };
    if (error instanceof APIError && error.status !== undefined) {
      if (error.status === 401 || error.status === 403) return { kind: "unauthorized", status: error.status };
      return { kind: "failed", status: error.status, message: error.message };
    }
    return { kind: "unreachable", message: errorMessage(error) };
  }
}
