import type { AgentEvent } from "@baton/core";
import { capText } from "./cap-text.js";
import { COMMAND_OUTPUT_MAX_CHARS, PROGRESS_COMMAND_MAX_CHARS } from "./codex-limits.js";
import type { HarnessEvent } from "./harness/coding-harness.js";

type CommandEvent = Extract<HarnessEvent, { type: "command" }>;
type PlanEvent = Extract<HarnessEvent, { type: "plan" }>;

/** `npm test` as progress shows it: one line, in backticks, cut when long. */
export function inlineCommand(command: string): string {
  const oneLine = command.replace(/\s+/g, " ").trim();
  const cut =
    oneLine.length > PROGRESS_COMMAND_MAX_CHARS
      ? `${oneLine.slice(0, PROGRESS_COMMAND_MAX_CHARS - 1)}…`
      : oneLine;
  return `\`${cut.replace(/`/g, "'")}\``;
}

function commandVerdict(event: CommandEvent): string {
  switch (event.status) {
    case "running":
      return "";
    case "declined":
      return " → declined by the sandbox";
    case "completed":
    case "failed":
      return event.exitCode === undefined ? ` → ${event.status}` : ` → exit ${event.exitCode}`;
  }
}

/** "✓ read the test · ▸ fix the parser · run the tests": the plan as one progress line. */
export function describePlan(event: PlanEvent): string {
  const current = event.items.findIndex((item) => !item.completed);
  const steps = event.items.map((item, index) => {
    if (item.completed) return `✓ ${item.text}`;
    return index === current ? `▸ ${item.text}` : item.text;
  });
  return `Plan: ${steps.join(" · ")}`;
}

/**
 * What one harness event shows people: a progress line (the Slack working message, the GitHub
 * turn comment, Linear's actions), and for a finished command a `tool` step with its output for
 * the transcript and the share page (capped here, redacted when shared). The turn's end
 * (`completed`, `failed`) and its usage are the backend's to handle, and map to nothing here.
 */
export function describeHarnessEvent(event: HarnessEvent): AgentEvent[] {
  switch (event.type) {
    case "command": {
      const status: AgentEvent = {
        type: "status",
        message: `Running ${inlineCommand(event.command)}${commandVerdict(event)}`,
      };
      if (event.status === "running") return [status];
      const verdict = event.exitCode === undefined ? event.status : `exit ${event.exitCode}`;
      return [
        status,
        {
          type: "tool",
          name: "command",
          input: event.command,
          output: `${capText(event.output ?? "", COMMAND_OUTPUT_MAX_CHARS)}\n[${verdict}]`.trimStart(),
        },
      ];
    }
    case "file_change": {
      const paths = event.changes.map((change) =>
        change.kind === "update"
          ? change.path
          : `${change.path} (${change.kind === "add" ? "new" : "deleted"})`,
      );
      return [{ type: "status", message: `Editing ${paths.join(", ")}` }];
    }
    case "plan":
      return event.items.length > 0 ? [{ type: "status", message: describePlan(event) }] : [];
    case "message":
      return event.text.trim() ? [{ type: "message", text: event.text }] : [];
    case "warning":
      return [{ type: "status", message: `⚠️ ${event.message}` }];
    // The model's reasoning stays out of the thread: it is long, and not addressed to anyone.
    case "reasoning":
    case "usage":
    case "completed":
    case "failed":
      return [];
  }
}
