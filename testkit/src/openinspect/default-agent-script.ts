import type { FakeAgentScript } from "./fake-control-plane-types.js";

/** A tool call that grows from running to completed, an answer that grows, then success. */
export const defaultAgentScript: FakeAgentScript = (prompt) => [
  {
    event: "tool_call",
    data: { tool: "bash", args: { command: "ls" }, callId: "call_1", status: "running" },
  },
  {
    event: "tool_call",
    data: {
      tool: "bash",
      args: { command: "ls" },
      callId: "call_1",
      status: "completed",
      output: "README.md",
    },
  },
  { event: "token", data: { content: "Looking" } },
  { event: "token", data: { content: `Done: ${prompt.content}` } },
  { event: "execution_complete", data: { success: true } },
];
