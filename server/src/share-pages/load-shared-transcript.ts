import type { ShareService, ShareSummary, TranscriptLine, TranscriptStore } from "@baton/core";
import { createRenderedEntryCache } from "./create-rendered-entry-cache.js";
import type { ShareRenderer } from "./create-share-render-pool.js";
import type { RenderedShareEntry, ShareFormat } from "./share-render-job.js";
import { describeSharedStatus, type SharedStatus, statusFactsOf } from "./shared-status.js";

/** Entries one answer (a page, a markdown page, an update) holds at most. */
export const SHARE_PAGE_MAX_ENTRIES = 200;
/**
 * Transcript text (stored JSON) one answer holds at most; at least one entry goes out whatever
 * its size. It bounds one render job, and so how long a viewer waits for a thread.
 */
export const SHARE_PAGE_MAX_CHARS = 128 * 1024;

export interface SharedTranscriptLoaderOptions {
  shares: Pick<ShareService, "resolve">;
  transcripts: Pick<TranscriptStore, "readLines" | "latest">;
  renderer: Pick<ShareRenderer, "render">;
  /** The rendered-entry cache's budget, in characters. */
  cacheMaxChars?: number;
  now?: () => number;
}

export type LoadSharedTranscriptResult =
  | {
      kind: "found";
      share: ShareSummary;
      /** Redacted and rendered in the format asked for: fit to leave through the share. */
      entries: RenderedShareEntry[];
      status: SharedStatus;
      /** The id of the last entry returned (or the one asked after): where the next read starts. */
      cursor: string;
      /** More entries are already there: ask again at once. */
      hasMore: boolean;
      withheldBlocks: number;
    }
  | { kind: "not_found" }
  /** Every share-render thread is busy and the queue is full: ask again shortly. */
  | { kind: "busy" }
  /** The render failed (a thread died or ran over its time); nothing of the page is sent. */
  | { kind: "failed"; reason: string };

export type LoadSharedStatusResult = { kind: "found"; status: SharedStatus } | { kind: "not_found" };

export interface SharedTranscriptLoader {
  /** One page of the transcript: at most `limit` entries and about `SHARE_PAGE_MAX_CHARS` of text. */
  load(
    shareId: string,
    options: { format: ShareFormat; afterId?: string; limit?: number },
  ): Promise<LoadSharedTranscriptResult>;
  status(shareId: string): Promise<LoadSharedStatusResult>;
}

/**
 * Everything a share route reads, and all it may read: the share's own record and the session's
 * transcript, redacted and rendered (by `renderer`, off this thread) on the way out. Never a
 * backend, a platform or a runtime. Entries are read unparsed: one this process rendered before
 * is served from the cache without being parsed again.
 */
export function createSharedTranscriptLoader({
  shares,
  transcripts,
  renderer,
  cacheMaxChars,
  now = Date.now,
}: SharedTranscriptLoaderOptions): SharedTranscriptLoader {
  const cache = createRenderedEntryCache(cacheMaxChars === undefined ? {} : { maxChars: cacheMaxChars });
  const renderMissing = renderer.render.bind(renderer);
  return {
    async load(shareId, { format, afterId, limit = SHARE_PAGE_MAX_ENTRIES }) {
      const resolved = await shares.resolve(shareId);
      if (resolved.kind === "not_found") return resolved;
      const { sessionId } = resolved.share;
      const read = await readPage(transcripts, sessionId, afterId, limit);
      const lines = withinBudget(read.slice(0, limit));
      let hasMore = read.length > lines.length;
      const rendered = await cache.render(sessionId, format, lines, renderMissing);
      if (rendered.kind === "busy") return rendered;
      if (rendered.kind === "failed") return { kind: "failed", reason: rendered.reason };
      const entries = rendered.value;
      // The status comes from the last entry this answer hands over, so a viewer never stops
      // following before it has seen the outcome.
      let last = entries.at(-1)?.status ?? null;
      if (!last && afterId) {
        const latest = await transcripts.latest(sessionId);
        if (latest && latest.id !== afterId) hasMore = true;
        last = latest ? statusFactsOf(latest.entry) : null;
      }
      return {
        kind: "found",
        share: resolved.share,
        entries,
        status: describeSharedStatus(last, now()),
        cursor: entries.at(-1)?.id ?? afterId ?? "",
        hasMore,
        withheldBlocks: entries.reduce((sum, entry) => sum + entry.withheldBlocks, 0),
      };
    },
    async status(shareId) {
      const resolved = await shares.resolve(shareId);
      if (resolved.kind === "not_found") return resolved;
      const latest = await transcripts.latest(resolved.share.sessionId);
      return {
        kind: "found",
        status: describeSharedStatus(latest ? statusFactsOf(latest.entry) : null, now()),
      };
    },
  };
}

/** The first read of a page; each next one is larger, while the page has room. */
const FIRST_READ_ENTRIES = 8;
const READ_GROWTH = 4;

/**
 * Reads a page's entries in growing batches, stopping once the text budget is spent: a page of
 * large entries reads a few of them from Redis, not `limit`. Reads one entry past what fits, so
 * the caller knows whether more follow. Nothing is parsed here; the stored JSON's length is the
 * entry's size.
 */
async function readPage(
  transcripts: Pick<TranscriptStore, "readLines">,
  sessionId: string,
  afterId: string | undefined,
  limit: number,
): Promise<TranscriptLine[]> {
  const lines: TranscriptLine[] = [];
  let chars = 0;
  let batch = FIRST_READ_ENTRIES;
  let cursor = afterId;
  while (lines.length < limit + 1 && chars <= SHARE_PAGE_MAX_CHARS) {
    const count = Math.min(batch, limit + 1 - lines.length);
    const read = await transcripts.readLines(sessionId, { ...(cursor ? { afterId: cursor } : {}), count });
    lines.push(...read);
    for (const { json } of read) chars += json.length;
    if (read.length < count) break;
    cursor = read.at(-1)?.id;
    batch *= READ_GROWTH;
  }
  return lines;
}

/** The leading entries that fit `SHARE_PAGE_MAX_CHARS`; never none. */
function withinBudget(lines: TranscriptLine[]): TranscriptLine[] {
  let chars = 0;
  let count = 0;
  for (const { json } of lines) {
    chars += json.length;
    if (count > 0 && chars > SHARE_PAGE_MAX_CHARS) break;
    count += 1;
  }
  return lines.slice(0, count);
}
