import { OpenAI } from "openai";
import { type ClassifierLlm, LLM_TIMEOUT_MS } from "./ask-llm-for-target.js";

export interface ClassifierLlmSettings {
  /** `OPENAI_API_KEY`. */
  apiKey?: string | undefined;
  /** `OPENAI_BASE_URL`: any OpenAI-compatible server, e.g. a local one or the testkit's fake. */
  baseUrl?: string | undefined;
  /** `OPENAI_MODEL`. */
  model: string;
  timeoutMs?: number;
}

// Local OpenAI-compatible servers accept any key, but the SDK refuses to start without one.
const PLACEHOLDER_API_KEY = "not-needed";

/**
 * The LLM the classifier asks, from the server's settings: `undefined` when neither a key nor a
 * base URL is configured, and the classifier then uses its lexical scorer. The worker and
 * `baton classify` both build it here, so they ask the same model the same way.
 *
 * @example
 * const llm = createClassifierLlm({ apiKey: config.OPENAI_API_KEY, baseUrl: config.OPENAI_BASE_URL, model: config.OPENAI_MODEL });
 * const classifier = createClassifier({ catalog, llm, logger });
 */
export function createClassifierLlm(settings: ClassifierLlmSettings): ClassifierLlm | undefined {
  const { apiKey, baseUrl, model, timeoutMs = LLM_TIMEOUT_MS } = settings;
  if (!apiKey && !baseUrl) return undefined;
  const client = new OpenAI({
    apiKey: apiKey || PLACEHOLDER_API_KEY,
    ...(baseUrl ? { baseURL: baseUrl } : {}),
    timeout: timeoutMs,
    maxRetries: 0,
  });
  return { client, model, timeoutMs };
}
