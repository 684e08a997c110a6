import { describeTarget, parseTranscriptLine, type Redactor, redactTranscriptEntry } from "@baton/core";
import type { PlatformTitles } from "../bots/platform-titles.js";
import { renderEntry } from "./render-entry.js";
import type { MarkdownRenderer } from "./render-markdown.js";
import { entryMarkdown } from "./render-transcript-markdown.js";
import type { RenderedShareEntry, ShareRenderJob } from "./share-render-job.js";
import { statusFactsOf } from "./shared-status.js";

/** The JSON download's entries sit two levels deep in its document: their lines are indented so. */
const JSON_ENTRY_INDENT = "    ";

/**
 * Parses, redacts and renders a job's entries, in order: the whole of a share's costly work,
 * done in a share-render thread (`share-render-worker.ts`). Redaction comes first, so nothing
 * rendered here holds what the redactor removes.
 */
export function renderShareEntries(
  { format, lines }: ShareRenderJob,
  {
    redactor,
    markdown,
    platformTitles,
  }: { redactor: Redactor; markdown: MarkdownRenderer; platformTitles: PlatformTitles },
): RenderedShareEntry[] {
  return lines.map((line) => {
    const { id, entry } = parseTranscriptLine(line);
    const redacted = redactTranscriptEntry(entry, redactor);
    const clean = { id, entry: redacted.entry };
    const body =
      format === "html"
        ? renderEntry(clean, markdown, platformTitles)
        : format === "markdown"
          ? entryMarkdown(clean.entry)
          : `${JSON_ENTRY_INDENT}${JSON.stringify({ id, ...clean.entry }, null, 2).replaceAll("\n", `\n${JSON_ENTRY_INDENT}`)}`;
    return {
      id,
      body,
      withheldBlocks: redacted.withheldBlocks,
      status: statusFactsOf(clean.entry),
      target: clean.entry.kind === "target" ? describeTarget(clean.entry.target) : null,
    };
  });
}
