import type { AgentEvent } from "@baton/core";
import type { OpenAI } from "openai";
import type { ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";
import {
  MAX_AGENT_STEPS_PER_TURN,
  MAX_AGENT_TOKENS_PER_TURN,
  MAX_TRANSCRIPT_TOOL_OUTPUT_CHARS,
  MODEL_CALL_TIMEOUT_MS,
} from "./openai-agent-limits.js";
import { toModelError } from "./to-model-error.js";
import type { RegisteredTool } from "./tools/agent-tools.js";
import { boundOutput } from "./tools/bound-output.js";
import { prepareToolCall, runToolCall, toolArgumentsText } from "./tools/run-tool-call.js";
import type { Workspace } from "./workspace/workspace.js";

export interface AgentLoopLimits {
  maxSteps: number;
  maxTokens: number;
}

export const DEFAULT_AGENT_LOOP_LIMITS: AgentLoopLimits = {
  maxSteps: MAX_AGENT_STEPS_PER_TURN,
  maxTokens: MAX_AGENT_TOKENS_PER_TURN,
};

export interface AgentLoopOptions {
  client: OpenAI;
  model: string;
  messages: ChatCompletionMessageParam[];
  tools: readonly RegisteredTool[];
  workspace: Workspace;
  git: string;
  limits: AgentLoopLimits;
  signal: AbortSignal;
}

/**
 * The agent's turn: ask the model, run the tools it calls, hand their answers back, until it
 * answers. Every model message and tool step is an event. The last step allowed by the step or
 * token budget is asked without tools, so that the turn always ends in an answer. Returns the
 * answer.
 */
export async function* runAgentLoop({
  client,
  model,
  messages,
  tools,
  workspace,
  git,
  limits,
  signal,
}: AgentLoopOptions): AsyncGenerator<AgentEvent, string> {
  const definitions: ChatCompletionTool[] = tools.map((tool) => ({
    type: "function",
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  }));
  const withTools = workspace.roots.length > 0 && definitions.length > 0;
  let tokens = 0;
  for (let step = 1; ; step += 1) {
    const overBudget = tokens >= limits.maxTokens;
    const last = step >= limits.maxSteps || overBudget;
    if (last && withTools && step > 1)
      yield {
        type: "status",
        message: overBudget
          ? "Token budget spent: writing the answer"
          : "Step budget spent: writing the answer",
      };
    else yield { type: "status", message: step === 1 ? `Asking ${model}` : `Thinking (step ${step})` };
    let response: OpenAI.Chat.Completions.ChatCompletion;
    try {
      response = await client.chat.completions.create(
        {
          model,
          messages,
          ...(withTools
            ? { tools: definitions, tool_choice: last ? ("none" as const) : ("auto" as const) }
            : {}),
        },
        { signal, timeout: MODEL_CALL_TIMEOUT_MS },
      );
    } catch (error) {
      if (signal.aborted) throw error;
      throw toModelError(error, model);
    }
    tokens += response.usage?.total_tokens ?? 0;
    // Some servers and proxies answer 200 without choices (an error body, say): that is no answer.
    const choice = response.choices?.[0];
    const message = choice?.message;
    // A call's arguments are read, recorded and sent back as the API's JSON string, whatever form
    // the server sent them in.
    const calls = (message?.tool_calls ?? [])
      .filter((call) => call.type === "function")
      .map((call) => ({
        ...call,
        function: { ...call.function, arguments: toolArgumentsText(call.function.arguments) },
      }));
    if (!message || calls.length === 0 || last) return finalAnswer(message?.content, choice?.finish_reason);

    messages.push({ role: "assistant", content: message.content ?? null, tool_calls: calls });
    if (message.content?.trim()) yield { type: "message", text: message.content.trim() };
    for (const call of calls) {
      signal.throwIfAborted();
      const prepared = prepareToolCall(tools, call.function);
      let output: string;
      if (prepared.kind === "ok") {
        yield { type: "status", message: prepared.status };
        output = await runToolCall(prepared, { workspace, git, signal });
      } else {
        output = prepared.output;
      }
      yield {
        type: "tool",
        name: call.function.name,
        input: boundOutput(call.function.arguments, { maxChars: MAX_TRANSCRIPT_TOOL_OUTPUT_CHARS }),
        output: boundOutput(output, { maxChars: MAX_TRANSCRIPT_TOOL_OUTPUT_CHARS }),
      };
      messages.push({ role: "tool", tool_call_id: call.id, content: output });
    }
  }
}

/**
 * The answer the person reads. One the model stopped writing at its output limit says so: read
 * as complete, a cut answer (or, from a reasoning model, none at all) would mislead.
 */
function finalAnswer(content: string | null | undefined, finishReason: string | undefined): string {
  const text = content?.trim() ?? "";
  if (finishReason !== "length") return text || "The model gave no answer.";
  return text
    ? `${text}\n\n(The answer was cut short: the model reached its output limit.)`
    : "The model reached its output limit before it answered.";
}
