import type { TranscriptLine } from "@baton/core";
import type { ShareStatusFacts } from "./shared-status.js";

/** The forms a share serves an entry in: the page's HTML, the markdown, the JSON download. */
export type ShareFormat = "html" | "markdown" | "json";

/** Stored entries to redact and render, in one format: one job for a share-render thread. */
export interface ShareRenderJob {
  format: ShareFormat;
  lines: TranscriptLine[];
}

/** One entry, redacted and rendered: all a share answer needs of it, nothing unredacted. */
export interface RenderedShareEntry {
  id: string;
  /** An HTML fragment, a markdown block ("" when it has none) or the entry as indented JSON. */
  body: string;
  withheldBlocks: number;
  /** What the page's status is derived from when this is the last entry it holds. */
  status: ShareStatusFacts;
  /** A target entry's description (`describeTarget`), shown in the page's header; else null. */
  target: string | null;
}
