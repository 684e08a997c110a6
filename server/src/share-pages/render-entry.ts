import { describeTarget, type StoredTranscriptEntry } from "@baton/core";
import type { PlatformTitles } from "../bots/platform-titles.js";
import { escapeHtml } from "./escape-html.js";
import type { MarkdownRenderer } from "./render-markdown.js";

const ARTIFACT_NAMES = {
  pull_request: "Pull request",
  branch: "Branch",
  commit: "Commit",
  link: "Link",
  file: "File",
} as const;

/**
 * One transcript entry (already redacted) as an HTML fragment. Every piece of entry text is either
 * escaped or rendered by markdown-it with raw HTML off; nothing from the transcript reaches the
 * page as markup of its own.
 */
export function renderEntry(
  { id, entry }: StoredTranscriptEntry,
  markdown: MarkdownRenderer,
  platformTitles: PlatformTitles,
): string {
  const attrs = `data-entry-id="${escapeHtml(id)}"`;
  switch (entry.kind) {
    case "prompt": {
      const who = entry.actor.name ?? entry.actor.id;
      // What Baton added for the agent, folded after the person's words: it is not what they said.
      const background = (entry.background ?? [])
        .map(
          (block) =>
            `<details class="context"><summary>Context given to the agent: ${escapeHtml(block.label)}</summary><pre>${escapeHtml(
              block.text,
            )}</pre></details>`,
        )
        .join("");
      return `<section class="entry prompt" ${attrs}><header><strong>${escapeHtml(who)}</strong> <span class="muted">on ${escapeHtml(
        platformTitles[entry.actor.platform] ?? entry.actor.platform,
      )}</span> ${time(entry.at)}</header><div class="md">${markdown(entry.text)}</div>${background}</section>`;
    }
    case "target":
      return `<div class="entry target" ${attrs}>Target: <code>${escapeHtml(describeTarget(entry.target))}</code>${
        entry.reason ? ` <span class="muted">— ${escapeHtml(entry.reason)}</span>` : ""
      }</div>`;
    case "outcome":
      return `<section class="entry outcome" data-status="${entry.status}" ${attrs}><header><strong>${
        entry.status === "completed" ? "Completed" : entry.status === "failed" ? "Failed" : "Stopped"
      }</strong> ${time(entry.at)}</header><div class="md">${markdown(entry.summary)}</div></section>`;
    case "event": {
      const event = entry.event;
      switch (event.type) {
        case "status":
          return `<div class="entry status muted" ${attrs}>${escapeHtml(event.message)}</div>`;
        case "message":
          return `<div class="entry message md" ${attrs}>${markdown(event.text)}</div>`;
        case "tool":
          // Folded: the steps are there for whoever wants them, the conversation stays readable.
          return `<details class="entry tool" ${attrs}><summary>Tool <code>${escapeHtml(event.name)}</code></summary>${
            event.input ? `<pre>${escapeHtml(event.input)}</pre>` : ""
          }${event.output === undefined ? "" : `<pre class="output">${escapeHtml(event.output)}</pre>`}</details>`;
        case "artifact": {
          const { kind, title, url } = event.artifact;
          const label = `${ARTIFACT_NAMES[kind]}: `;
          const link =
            url && /^https?:\/\//i.test(url)
              ? `<a href="${escapeHtml(url)}" rel="nofollow noopener noreferrer">${escapeHtml(title)}</a>`
              : escapeHtml(title);
          return `<div class="entry artifact" ${attrs}>${label}${link}</div>`;
        }
        case "done":
          // The turn's outcome follows with the same summary.
          return "";
        case "error":
          return `<div class="entry error" ${attrs}>Error: ${escapeHtml(event.message)}</div>`;
        default:
          return assertNever(event);
      }
    }
    default:
      return assertNever(entry);
  }
}

function time(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const text = `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return `<time class="muted" datetime="${escapeHtml(date.toISOString())}">${text}</time>`;
}

function assertNever(value: never): never {
  throw new Error(`unhandled transcript entry: ${JSON.stringify(value)}`);
}
