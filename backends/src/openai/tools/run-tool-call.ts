import { errorMessage } from "@baton/core";
import type { ToolContext } from "./agent-tool.js";
import type { RegisteredTool } from "./agent-tools.js";

export interface ToolCall {
  name: string;
  /** The JSON string the model sent. */
  arguments: string;
}

export type PreparedToolCall =
  | { kind: "ok"; status: string; run: (context: ToolContext) => Promise<string> }
  /** The model's call cannot run (unknown tool, bad JSON, bad input): `output` tells it why. */
  | { kind: "invalid"; output: string };

/** Finds the tool a model called and parses its arguments; what is wrong goes back to the model. */
export function prepareToolCall(tools: readonly RegisteredTool[], call: ToolCall): PreparedToolCall {
  const tool = tools.find((t) => t.name === call.name);
  if (!tool)
    return {
      kind: "invalid",
      output: `There is no tool ${call.name}; use ${tools.map((t) => t.name).join(", ")}.`,
    };
  let input: unknown;
  try {
    input = call.arguments.trim() === "" ? {} : JSON.parse(call.arguments);
  } catch {
    return { kind: "invalid", output: `The arguments of ${call.name} are not valid JSON.` };
  }
  const prepared = tool.prepare(input);
  if (prepared.kind === "invalid")
    return { kind: "invalid", output: `Invalid arguments for ${call.name}: ${prepared.reason}` };
  return prepared;
}

/**
 * A call's arguments as the API's JSON string. The SDK types them so, but some servers that speak
 * the API send the object itself, or nothing.
 */
export function toolArgumentsText(raw: unknown): string {
  return typeof raw === "string" ? raw : JSON.stringify(raw ?? {});
}

/**
 * Runs a prepared call. A stop (the signal) ends it by throwing; any other failure becomes the
 * tool's answer, so that the model can try something else.
 */
export async function runToolCall(
  prepared: Extract<PreparedToolCall, { kind: "ok" }>,
  context: ToolContext,
): Promise<string> {
  try {
    return await prepared.run(context);
  } catch (error) {
    if (context.signal.aborted) throw error;
    return `The tool failed: ${errorMessage(error)}`;
  }
}
