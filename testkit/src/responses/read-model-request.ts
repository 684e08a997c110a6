import type {
  FakeModelRequest,
  FakeToolOutput,
  ResponsesInputItem,
  ResponsesRequestBody,
} from "./fake-model-step.js";

// `exec_command` answers "Process exited with code N"; `apply_patch` answers "Exit code: N".
const EXIT_CODE = /(?:Process exited with code|^Exit code:) (-?\d+)/m;
const RUNNING_SESSION = /Process running with session ID (\d+)/;

/** Reads what a scripted model needs from a request: its tools, prompts and tool outputs. */
export function readModelRequest(input: {
  index: number;
  body: ResponsesRequestBody;
  headers: Record<string, string | string[] | undefined>;
}): FakeModelRequest {
  const { body } = input;
  const history = body.input ?? [];
  const toolNames = (body.tools ?? []).flatMap((tool) => (tool.name ? [tool.name] : []));
  const authorization = input.headers.authorization;
  const bearer = typeof authorization === "string" ? authorization.replace(/^Bearer\s+/i, "") : undefined;
  const toolOutputs = readToolOutputs(history);
  const last = history.at(-1);
  return {
    index: input.index,
    model: body.model ?? "",
    apiKey: bearer,
    headers: input.headers,
    body,
    toolNames,
    offersFreeformPatch: (body.tools ?? []).some(
      (tool) => tool.name === "apply_patch" && tool.type === "custom",
    ),
    userPrompts: history.filter((item) => item.role === "user").flatMap((item) => textOf(item.content)),
    toolOutputs,
    lastToolOutput: last && isToolOutput(last) ? toolOutputs.at(-1) : undefined,
    at: Date.now(),
  };
}

function readToolOutputs(history: ResponsesInputItem[]): FakeToolOutput[] {
  const toolByCall = new Map<string, string>();
  const outputs: FakeToolOutput[] = [];
  for (const item of history) {
    if ((item.type === "function_call" || item.type === "custom_tool_call") && item.call_id) {
      toolByCall.set(item.call_id, item.name ?? "");
    }
    if (isToolOutput(item) && item.call_id) {
      const text = outputText(item.output);
      const exit = EXIT_CODE.exec(text);
      const running = RUNNING_SESSION.exec(text);
      outputs.push({
        callId: item.call_id,
        tool: toolByCall.get(item.call_id) ?? "",
        text,
        ...(exit ? { exitCode: Number(exit[1]) } : {}),
        ...(running ? { sessionId: Number(running[1]) } : {}),
      });
    }
  }
  return outputs;
}

function isToolOutput(item: ResponsesInputItem): boolean {
  return item.type === "function_call_output" || item.type === "custom_tool_call_output";
}

// An output is a string, or (newer CLIs) a list of content parts.
function outputText(output: unknown): string {
  if (typeof output === "string") return output;
  if (output && typeof output === "object" && "content" in output) return outputText(output.content);
  return textOf(output).join("");
}

function textOf(content: unknown): string[] {
  if (typeof content === "string") return [content];
  if (!Array.isArray(content)) return [];
  return content.flatMap((part: unknown) =>
    part && typeof part === "object" && "text" in part && typeof part.text === "string" ? [part.text] : [],
  );
}
