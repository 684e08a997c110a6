import {
  type RedactedEntry,
  type Redactor,
  redactTranscriptEntry,
  type StoredTranscriptEntry,
  type TranscriptEntry,
} from "@baton/core";

/** Text the cache holds at most, summed over its entries (about twice this in memory). */
export const REDACTED_CACHE_MAX_CHARS = 32 * 1024 * 1024;

export interface RedactedEntryCache {
  /** The entry at this stream position, redacted: computed once, then served from memory. */
  redact(sessionId: string, stored: StoredTranscriptEntry): RedactedEntry;
  /** The entry's HTML, rendered once from its redacted form and kept beside it. */
  rendered(sessionId: string, stored: StoredTranscriptEntry, render: () => string): string;
}

/**
 * Redaction is the share pages' costly step, and a stream entry never changes once written: its
 * redacted form is cached by (session, stream id), least recently used out first. Ten viewers of
 * one transcript redact it once.
 */
export function createRedactedEntryCache({
  redactor,
  maxChars = REDACTED_CACHE_MAX_CHARS,
}: {
  redactor: Redactor;
  maxChars?: number;
}): RedactedEntryCache {
  const cache = new Map<string, { redacted: RedactedEntry; chars: number; html?: string }>();
  let totalChars = 0;
  return {
    redact(sessionId, { id, entry }) {
      const key = keyOf(sessionId, id);
      const hit = cache.get(key);
      if (hit) {
        // Re-inserted: Map order is the recency order.
        cache.delete(key);
        cache.set(key, hit);
        return hit.redacted;
      }
      const redacted = redactTranscriptEntry(entry, redactor);
      const chars = sizeOf(redacted.entry);
      cache.set(key, { redacted, chars });
      totalChars += chars;
      for (const [oldest, value] of cache) {
        if (totalChars <= maxChars) break;
        cache.delete(oldest);
        totalChars -= value.chars;
      }
      return redacted;
    },
    rendered(sessionId, { id }, render) {
      const record = cache.get(keyOf(sessionId, id));
      if (record?.html !== undefined) return record.html;
      const html = render();
      if (record) {
        record.html = html;
        record.chars += html.length;
        totalChars += html.length;
      }
      return html;
    },
  };
}

const keyOf = (sessionId: string, id: string) => `${sessionId}\u0000${id}`;

export function sizeOf(entry: TranscriptEntry): number {
  return JSON.stringify(entry).length;
}
