import type { Redis } from "ioredis";
import {
  type NewTranscriptEntry,
  type TranscriptEntry,
  transcriptEntrySchema,
} from "../schemas/transcript-entry.js";
import type { RedisKeys } from "./redis-keys.js";

/** A stream keeps the latest entries of a very long session; older ones are trimmed. */
export const TRANSCRIPT_MAX_ENTRIES = 10_000;

export interface StoredTranscriptEntry {
  /** The Redis stream id: increasing, usable as a cursor. */
  id: string;
  entry: TranscriptEntry;
}

export interface TranscriptStore {
  append(sessionId: string, entry: NewTranscriptEntry): Promise<string>;
  read(sessionId: string, options?: { afterId?: string; count?: number }): Promise<StoredTranscriptEntry[]>;
  /** The newest entry, or null when the transcript is empty (or gone); share pages derive "running" from it. */
  latest(sessionId: string): Promise<StoredTranscriptEntry | null>;
  /** Waits up to `blockMs` for entries after `afterId`; needs a connection of its own (it blocks). */
  follow(
    connection: Redis,
    sessionId: string,
    afterId: string,
    blockMs: number,
  ): Promise<StoredTranscriptEntry[]>;
}

export function createTranscriptStore({ redis, keys }: { redis: Redis; keys: RedisKeys }): TranscriptStore {
  return {
    async append(sessionId, entry) {
      const line = JSON.stringify({ ...entry, at: new Date().toISOString() });
      const id = await redis.xadd(keys.transcript(sessionId), "MAXLEN", "~", TRANSCRIPT_MAX_ENTRIES, "*", "e", line);
      return id ?? "";
    },
    async read(sessionId, { afterId, count } = {}) {
      const start = afterId ? `(${afterId}` : "-";
      const rows = count
        ? await redis.xrange(keys.transcript(sessionId), start, "+", "COUNT", count)
        : await redis.xrange(keys.transcript(sessionId), start, "+");
      return rows.map(toStoredEntry);
    },
    async latest(sessionId) {
      const [row] = await redis.xrevrange(keys.transcript(sessionId), "+", "-", "COUNT", 1);
      return row ? toStoredEntry(row) : null;
    },
    async follow(connection, sessionId, afterId, blockMs) {
      const result = await connection.xread("BLOCK", blockMs, "STREAMS", keys.transcript(sessionId), afterId);
      return result?.[0]?.[1].map(toStoredEntry) ?? [];
    },
  };
}

function toStoredEntry([id, fields]: [string, string[]]): StoredTranscriptEntry {
  const index = fields.indexOf("e");
  return { id, entry: transcriptEntrySchema.parse(JSON.parse(fields[index + 1] ?? "null")) };
}
