import type {
  Redactor,
  ShareService,
  ShareSummary,
  StoredTranscriptEntry,
  TranscriptStore,
} from "@baton/core";
import { createRedactedEntryCache, sizeOf } from "./create-redacted-entry-cache.js";
import { describeSharedStatus, type SharedStatus } from "./shared-status.js";

/** Entries one answer (a page, a markdown page, an update) holds at most. */
export const SHARE_PAGE_MAX_ENTRIES = 200;
/**
 * Transcript text one answer holds at most (at least one entry goes out whatever its size):
 * redacting it runs in the process that answers webhooks, so one answer must stay short.
 */
export const SHARE_PAGE_MAX_CHARS = 128 * 1024;

export interface SharedTranscriptLoaderOptions {
  shares: Pick<ShareService, "resolve">;
  transcripts: Pick<TranscriptStore, "read" | "latest">;
  redactor: Redactor;
  now?: () => number;
}

export type LoadSharedTranscriptResult =
  | {
      kind: "found";
      share: ShareSummary;
      /** Redacted: fit to leave through the share. */
      entries: StoredTranscriptEntry[];
      status: SharedStatus;
      /** The id of the last entry returned (or the one asked after): where the next read starts. */
      cursor: string;
      /** More entries are already there: ask again at once. */
      hasMore: boolean;
      withheldBlocks: number;
    }
  | { kind: "not_found" };

export type LoadSharedStatusResult = { kind: "found"; status: SharedStatus } | { kind: "not_found" };

export interface SharedTranscriptLoader {
  /** Renders an entry of a loaded page once; later loads of its stream position reuse the HTML. */
  renderOnce(sessionId: string, stored: StoredTranscriptEntry, render: () => string): string;
  /** One page of the transcript: at most `limit` entries and about `SHARE_PAGE_MAX_CHARS` of text. */
  load(shareId: string, options?: { afterId?: string; limit?: number }): Promise<LoadSharedTranscriptResult>;
  status(shareId: string): Promise<LoadSharedStatusResult>;
}

/**
 * Everything a share route reads, and all it may read: the share's own record and the session's
 * transcript, redacted on the way out. Never a backend, a platform or a runtime.
 */
export function createSharedTranscriptLoader({
  shares,
  transcripts,
  redactor,
  now = Date.now,
}: SharedTranscriptLoaderOptions): SharedTranscriptLoader {
  const cache = createRedactedEntryCache({ redactor });
  return {
    renderOnce: (sessionId, stored, render) => cache.rendered(sessionId, stored, render),
    async load(shareId, { afterId, limit = SHARE_PAGE_MAX_ENTRIES } = {}) {
      const resolved = await shares.resolve(shareId);
      if (resolved.kind === "not_found") return resolved;
      const { sessionId } = resolved.share;
      const read = await readPage(transcripts, sessionId, afterId, limit);
      const raw = withinBudget(read.slice(0, limit));
      let hasMore = read.length > raw.length;
      // The status comes from the last entry this answer hands over, so a viewer never stops
      // following before it has seen the outcome.
      let last = raw.at(-1) ?? null;
      if (!last && afterId) {
        last = await transcripts.latest(sessionId);
        if (last && last.id !== afterId) hasMore = true;
      }
      let withheldBlocks = 0;
      const entries = raw.map((stored) => {
        const redacted = cache.redact(sessionId, stored);
        withheldBlocks += redacted.withheldBlocks;
        return { id: stored.id, entry: redacted.entry };
      });
      return {
        kind: "found",
        share: resolved.share,
        entries,
        status: describeSharedStatus(last, now()),
        cursor: raw.at(-1)?.id ?? afterId ?? "",
        hasMore,
        withheldBlocks,
      };
    },
    async status(shareId) {
      const resolved = await shares.resolve(shareId);
      if (resolved.kind === "not_found") return resolved;
      return {
        kind: "found",
        status: describeSharedStatus(await transcripts.latest(resolved.share.sessionId), now()),
      };
    },
  };
}

/** The first read of a page; each next one is larger, while the page has room. */
const FIRST_READ_ENTRIES = 8;
const READ_GROWTH = 4;

/**
 * Reads a page's entries in growing batches, stopping once the text budget is spent: a page of
 * large entries reads a few of them from Redis, not `limit` (parsing them is the costly part).
 * Reads one entry past what fits, so the caller knows whether more follow.
 */
async function readPage(
  transcripts: Pick<TranscriptStore, "read">,
  sessionId: string,
  afterId: string | undefined,
  limit: number,
): Promise<StoredTranscriptEntry[]> {
  const entries: StoredTranscriptEntry[] = [];
  let chars = 0;
  let batch = FIRST_READ_ENTRIES;
  let cursor = afterId;
  while (entries.length < limit + 1 && chars <= SHARE_PAGE_MAX_CHARS) {
    const count = Math.min(batch, limit + 1 - entries.length);
    const read = await transcripts.read(sessionId, { ...(cursor ? { afterId: cursor } : {}), count });
    entries.push(...read);
    for (const { entry } of read) chars += sizeOf(entry);
    if (read.length < count) break;
    cursor = read.at(-1)?.id;
    batch *= READ_GROWTH;
  }
  return entries;
}

/** The leading entries that fit `SHARE_PAGE_MAX_CHARS`; never none. */
function withinBudget(entries: StoredTranscriptEntry[]): StoredTranscriptEntry[] {
  let chars = 0;
  let count = 0;
  for (const { entry } of entries) {
    chars += sizeOf(entry);
    if (count > 0 && chars > SHARE_PAGE_MAX_CHARS) break;
    count += 1;
  }
  return entries.slice(0, count);
}
