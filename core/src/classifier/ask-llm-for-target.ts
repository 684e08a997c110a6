import { APIConnectionError, APIConnectionTimeoutError, APIError, type OpenAI } from "openai";
import { zodResponseFormat } from "openai/helpers/zod";
import { type Target, targetId } from "../schemas/target.js";
import { buildTargetPrompt } from "./build-target-prompt.js";
import type { CatalogIndex } from "./index-catalog.js";
import { type LlmTargetAnswer, llmTargetAnswerSchema } from "./llm-target-answer.js";

export const LLM_TIMEOUT_MS = 10_000;

/** The model the classifier asks, on any OpenAI-compatible server (the client carries the base URL). */
export interface ClassifierLlm {
  client: Pick<OpenAI, "chat">;
  model: string;
  /** Defaults to `LLM_TIMEOUT_MS`; past it the classifier falls back to the lexical scorer. */
  timeoutMs?: number;
}

export type LlmFailureReason =
  | "timeout"
  | "connection"
  | "http_error"
  | "refused"
  | "invalid_output"
  | "unknown_target"
  | "unexpected";

export type LlmTargetResult =
  | {
      kind: "answered";
      answer: LlmTargetAnswer;
      /** The chosen candidate, or null when the model could not tell. */
      target: Target | null;
      /** The alternatives that are candidates, in the model's order; unknown ids are dropped. */
      alternatives: Target[];
      promptTokens: number | undefined;
      completionTokens: number | undefined;
    }
  | { kind: "failed"; reason: LlmFailureReason; status?: number };

// Models that only take their default temperature (reasoning models) answer 400 to
// `temperature: 0`; once one has, it is asked without it from then on.
const rejectsTemperature = new WeakSet<ClassifierLlm>();

/**
 * Asks the model to choose among `candidates` with a structured (JSON schema) answer at
 * temperature 0 (or the model's default, when it rejects 0: the one retry this makes). Every way
 * this can go wrong is a `failed` result, never an exception: the classifier then falls back to
 * the lexical scorer. An id outside the candidate list is a failure too, whatever the message
 * said: the model can only pick what Baton offered it.
 */
export async function askLlmForTarget({
  llm,
  index,
  candidates,
  prompt,
  context,
  contextKeys,
}: {
  llm: ClassifierLlm;
  index: CatalogIndex;
  candidates: readonly Target[];
  prompt: string;
  context: Readonly<Record<string, string>>;
  /** The request's platform's context keys (`ClassifierContext.keys`): the ones the model is shown. */
  contextKeys: readonly string[];
}): Promise<LlmTargetResult> {
  let content: string | null | undefined;
  let refusal: string | null | undefined;
  let promptTokens: number | undefined;
  let completionTokens: number | undefined;
  const messages = buildTargetPrompt({ index, candidates, prompt, context, contextKeys });
  const complete = (withTemperature: boolean) =>
    llm.client.chat.completions.create(
      {
        model: llm.model,
        ...(withTemperature ? { temperature: 0 } : {}),
        messages,
        response_format: zodResponseFormat(llmTargetAnswerSchema, "target_choice"),
      },
      // Retrying would multiply the wait; the lexical scorer is the fallback instead.
      { timeout: llm.timeoutMs ?? LLM_TIMEOUT_MS, maxRetries: 0 },
    );
  try {
    let completion: Awaited<ReturnType<typeof complete>>;
    try {
      completion = await complete(!rejectsTemperature.has(llm));
    } catch (error) {
      if (rejectsTemperature.has(llm) || !isTemperatureRejection(error)) throw error;
      rejectsTemperature.add(llm);
      completion = await complete(false);
    }
    content = completion.choices[0]?.message.content;
    refusal = completion.choices[0]?.message.refusal;
    promptTokens = completion.usage?.prompt_tokens;
    completionTokens = completion.usage?.completion_tokens;
  } catch (error) {
    return describeFailure(error);
  }
  if (refusal) return { kind: "failed", reason: "refused" };
  const answer = parseAnswer(content);
  if (!answer) return { kind: "failed", reason: "invalid_output" };

  const byId = new Map(candidates.map((target) => [targetId(target).toLowerCase(), target]));
  const target = answer.targetId === null ? null : byId.get(answer.targetId.trim().toLowerCase());
  if (target === undefined) return { kind: "failed", reason: "unknown_target" };
  const alternatives = answer.alternatives.flatMap((id) => {
    const alternative = byId.get(id.trim().toLowerCase());
    return alternative && alternative !== target ? [alternative] : [];
  });
  return { kind: "answered", answer, target, alternatives, promptTokens, completionTokens };
}

// OpenAI says `param: "temperature"`; compatible servers mostly only say it in the message.
function isTemperatureRejection(error: unknown): boolean {
  if (!(error instanceof APIError) || error.status !== 400) return false;
  const param = (error.error as { param?: unknown } | undefined)?.param;
  return param === "temperature" || /temperature/i.test(error.message);
}

function parseAnswer(content: string | null | undefined): LlmTargetAnswer | undefined {
  if (!content) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return undefined;
  }
  const parsed = llmTargetAnswerSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

function describeFailure(error: unknown): Extract<LlmTargetResult, { kind: "failed" }> {
  if (error instanceof APIConnectionTimeoutError) return { kind: "failed", reason: "timeout" };
  if (error instanceof APIConnectionError) return { kind: "failed", reason: "connection" };
  if (error instanceof APIError && typeof error.status === "number") {
    return { kind: "failed", reason: "http_error", status: error.status };
  }
  // The SDK wraps everything on the wire; anything else is a bug, which the warning makes visible
  // while the request still gets a lexical answer.
  return { kind: "failed", reason: "unexpected" };
}
