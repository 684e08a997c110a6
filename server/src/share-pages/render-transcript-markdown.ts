import { describeTarget, type TranscriptEntry } from "@baton/core";
import type { RenderedShareEntry } from "./share-render-job.js";
import type { SharedStatus } from "./shared-status.js";

/**
 * A page of the transcript as a markdown document, from its entries' blocks (`entryMarkdown` of
 * each, already redacted): what `/api/shared/:id/markdown` answers and the page offers as a
 * download.
 */
export function renderTranscriptMarkdown(
  entries: Pick<RenderedShareEntry, "body" | "target">[],
  status: SharedStatus,
): string {
  const target = entries.findLast((e) => e.target !== null)?.target;
  const lines = ["# Baton session", ""];
  if (target) lines.push(`- Target: ${target}`);
  lines.push(`- Status: ${status.label}`, "");
  for (const { body } of entries) if (body) lines.push(body, "");
  return `${lines.join("\n").trimEnd()}\n`;
}

/**
 * One entry (already redacted) as a markdown block, "" when it has none. Tool input and output
 * go in code fences long enough that nothing inside can close them.
 */
export function entryMarkdown(entry: TranscriptEntry): string {
  switch (entry.kind) {
    case "prompt":
      return [
        `---\n\n## ${entry.actor.name ?? entry.actor.id} (${entry.actor.platform}, ${entry.at})\n\n${entry.text}`,
        // Folded where markdown is rendered (most markdown viewers), apart from the person's words.
        ...(entry.background ?? []).map(
          (block) =>
            `<details>\n<summary>Context given to the agent: ${escapeMarkup(block.label)}</summary>\n\n${fence(block.text)}\n\n</details>`,
        ),
      ].join("\n\n");
    case "target":
      return `_Target: ${describeTarget(entry.target)}${entry.reason ? ` (${entry.reason})` : ""}_`;
    case "outcome":
      return `**${entry.status}** (${entry.at})\n\n${entry.summary}`;
    case "event": {
      const event = entry.event;
      switch (event.type) {
        case "status":
          return `> ${event.message.replace(/\n/g, "\n> ")}`;
        case "message":
          return event.text;
        case "tool":
          return [
            `**Tool \`${event.name.replace(/`/g, "'")}\`**`,
            event.input ? fence(event.input) : "",
            event.output === undefined ? "" : fence(event.output),
          ]
            .filter(Boolean)
            .join("\n\n");
        case "artifact":
          return event.artifact.url
            ? `Artifact (${event.artifact.kind}): [${event.artifact.title}](<${event.artifact.url}>)`
            : `Artifact (${event.artifact.kind}): ${event.artifact.title}`;
        case "done":
          return "";
        case "error":
          return `**Error:** ${event.message}`;
        default:
          return assertNever(event);
      }
    }
    default:
      return assertNever(entry);
  }
}

/** A code fence one backtick longer than the longest run of backticks in the text. */
export function fence(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const marks = "`".repeat(longest + 1);
  return `${marks}text\n${text}\n${marks}`;
}

/** A label inside `<summary>`: no markup of its own. */
function escapeMarkup(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function assertNever(value: never): never {
  throw new Error(`unhandled transcript entry: ${JSON.stringify(value)}`);
}
