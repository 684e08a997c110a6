import type { AgentTool, ToolContext } from "./agent-tool.js";
import { gitBlameTool, gitLogTool } from "./git-history-tools.js";
import { listFilesTool } from "./list-files-tool.js";
import { readFileTool } from "./read-file-tool.js";
import { searchTool } from "./search-tool.js";

/** A tool whose input type is hidden behind its own parser, so that tools of any input share one list. */
export interface RegisteredTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  prepare(
    input: unknown,
  ):
    | { kind: "ok"; status: string; run: (context: ToolContext) => Promise<string> }
    | { kind: "invalid"; reason: string };
}

export function registerTool<Input>(tool: AgentTool<Input>): RegisteredTool {
  return {
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
    prepare(input) {
      const parsed = tool.input.safeParse(input);
      if (!parsed.success)
        return {
          kind: "invalid",
          reason: parsed.error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; "),
        };
      return {
        kind: "ok",
        status: tool.describe(parsed.data),
        run: (context) => tool.run(parsed.data, context),
      };
    },
  };
}

/** The built-in agent's tools: all read-only, all confined to the workspace. */
export const AGENT_TOOLS: readonly RegisteredTool[] = [
  registerTool(listFilesTool),
  registerTool(readFileTool),
  registerTool(searchTool),
  registerTool(gitLogTool),
  registerTool(gitBlameTool),
];
