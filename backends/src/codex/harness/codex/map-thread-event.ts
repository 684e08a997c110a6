import { isAbsolute, relative } from "node:path";
import type { ThreadEvent, ThreadItem } from "@openai/codex-sdk";
import type { HarnessEvent } from "../coding-harness.js";
import { displayCommand } from "./display-command.js";

/**
 * The harness events one of the CLI's thread events stands for. Turn-level events
 * (`thread.started`, `turn.failed`, stream errors) are the turn runner's business and map to
 * nothing here; `turn.completed` maps to its usage.
 */
export function mapThreadEvent(event: ThreadEvent, workingDirectory: string): HarnessEvent[] {
  switch (event.type) {
    case "item.started":
    case "item.updated":
    case "item.completed":
      return mapItem(event.item, event.type === "item.completed", workingDirectory);
    case "turn.completed":
      return [
        {
          type: "usage",
          inputTokens: event.usage.input_tokens,
          cachedInputTokens: event.usage.cached_input_tokens,
          outputTokens: event.usage.output_tokens,
        },
      ];
    case "thread.started":
    case "turn.started":
    case "turn.failed":
    case "error":
      return [];
  }
}

function mapItem(item: ThreadItem, completed: boolean, workingDirectory: string): HarnessEvent[] {
  switch (item.type) {
    case "command_execution": {
      if (!completed && item.status === "in_progress") {
        return [{ type: "command", id: item.id, command: displayCommand(item.command), status: "running" }];
      }
      if (!completed) return [];
      return [
        {
          type: "command",
          id: item.id,
          command: displayCommand(item.command),
          status: item.status === "completed" ? "completed" : "failed",
          ...(item.exit_code === undefined || item.exit_code === null ? {} : { exitCode: item.exit_code }),
          output: item.aggregated_output,
        },
      ];
    }
    case "file_change": {
      if (!completed) return [];
      const paths = item.changes.map((change) => ({
        ...change,
        path: relativePath(change.path, workingDirectory),
      }));
      if (item.status === "failed") {
        const names = paths.map((change) => change.path).join(", ");
        return [{ type: "warning", message: `A patch to ${names || "the workspace"} could not be applied.` }];
      }
      return [{ type: "file_change", id: item.id, changes: paths }];
    }
    case "todo_list":
      return [
        { type: "plan", items: item.items.map(({ text, completed: done }) => ({ text, completed: done })) },
      ];
    case "agent_message":
      return completed ? [{ type: "message", text: item.text }] : [];
    case "reasoning":
      return completed && item.text ? [{ type: "reasoning", text: item.text }] : [];
    case "error":
      return [{ type: "warning", message: item.message }];
    case "mcp_tool_call":
    case "web_search":
      // Baton configures neither MCP servers nor web search.
      return [];
  }
}

function relativePath(path: string, workingDirectory: string): string {
  if (!isAbsolute(path)) return path;
  const inside = relative(workingDirectory, path);
  return inside.startsWith("..") ? path : inside;
}
