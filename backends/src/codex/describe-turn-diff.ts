import type { AgentEvent } from "@baton/core";
import { capText } from "./cap-text.js";
import type { TurnDiff } from "./codex-backend-ports.js";
import { TURN_PATCH_MAX_CHARS } from "./codex-limits.js";

const FILES_IN_PROGRESS_LINE = 6;

/** The turn's changes as people see them: a progress line with each file's +/−, and the patch as a step of the transcript. */
export function* describeTurnDiff(diff: TurnDiff): Generator<AgentEvent> {
  if (diff.files.length === 0) return;
  const shown = diff.files
    .slice(0, FILES_IN_PROGRESS_LINE)
    .map((file) => `${file.path} (+${file.added} −${file.removed})`);
  const more = diff.files.length > shown.length ? `, and ${diff.files.length - shown.length} more` : "";
  const count = diff.files.length === 1 ? "1 file" : `${diff.files.length} files`;
  yield { type: "status", message: `Changed ${count}: ${shown.join(", ")}${more}` };
  yield {
    type: "tool",
    name: "diff",
    input: `${count} changed`,
    output: capText(diff.patch, TURN_PATCH_MAX_CHARS),
  };
}
