import {
  type Redactor,
  redactTranscriptEntry,
  type ShareService,
  type ShareSummary,
  type StoredTranscriptEntry,
  TRANSCRIPT_MAX_ENTRIES,
  type TranscriptStore,
} from "@baton/core";
import { describeSharedStatus, type SharedStatus } from "./shared-status.js";

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
  return {
    async load(shareId, { afterId, limit = TRANSCRIPT_MAX_ENTRIES } = {}) {
      const resolved = await shares.resolve(shareId);
      if (resolved.kind === "not_found") return resolved;
      const { sessionId } = resolved.share;
      const read = await transcripts.read(sessionId, { ...(afterId ? { afterId } : {}), count: limit + 1 });
      let hasMore = read.length > limit;
      const raw = read.slice(0, limit);
      // The status comes from the last entry this answer hands over, so a viewer never stops
      // following before it has seen the outcome.
      let last = raw.at(-1) ?? null;
      if (!last && afterId) {
        last = await transcripts.latest(sessionId);
        if (last && last.id !== afterId) hasMore = true;
      }
      let withheldBlocks = 0;
      const entries = raw.map(({ id, entry }) => {
        const redacted = redactTranscriptEntry(entry, redactor);
        withheldBlocks += redacted.withheldBlocks;
        return { id, entry: redacted.entry };
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
