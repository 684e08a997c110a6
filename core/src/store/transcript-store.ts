import { DEFAULT_RETENTION } from "../retention/retention.js";
import {
  type NewTranscriptEntry,
  type TranscriptEntry,
  transcriptEntrySchema,
} from "../schemas/transcript-entry.js";
import { capTranscriptEntry } from "./cap-transcript-entry.js";
import { defineRedisScripts, redisScript } from "./redis-scripts.js";
import type { RedisStoreOptions } from "./redis-store-options.js";

/** A stream keeps the latest entries of a very long session; older ones are trimmed. */
export const TRANSCRIPT_MAX_ENTRIES = 10_000;

/** The largest part of a Redis stream id (`<ms>-<seq>`, each part at most 2^64 - 1). */
const LARGEST_STREAM_ID_PART = 2n ** 64n - 1n;
/** The largest id a Redis stream entry can have. */
const LARGEST_STREAM_ID = `${LARGEST_STREAM_ID_PART}-${LARGEST_STREAM_ID_PART}`;
const STREAM_ID = /^(\d{1,20})-(\d{1,20})$/;

/**
 * Whether `text` is a transcript entry's id, which a share page's cursor is: a Redis stream id.
 * Redis refuses a larger one with an error, which must not reach a reader as a 500.
 */
export function isTranscriptEntryId(text: string): boolean {
  const parts = STREAM_ID.exec(text);
  return parts?.slice(1).every((part) => BigInt(part) <= LARGEST_STREAM_ID_PART) ?? false;
}

export interface StoredTranscriptEntry {
  /** The Redis stream id: increasing, usable as a cursor. */
  id: string;
  entry: TranscriptEntry;
}

/**
 * An entry as stored: its stream id and its JSON, not yet parsed. Share pages read these so that
 * parsing (the costly part of a large entry) happens off the thread that answers webhooks, and only
 * for entries they have not rendered before.
 */
export interface TranscriptLine {
  id: string;
  json: string;
}

/** An entry and when it happened, for writing later than that (a turn's progress, held and written together). */
export interface TimedTranscriptEntry {
  entry: NewTranscriptEntry;
  /** ISO time the entry keeps as its `at`. */
  at: string;
}

export interface TranscriptStore {
  append(sessionId: string, entry: NewTranscriptEntry): Promise<string>;
  /** Appends `entries` in their order, in one round trip; each keeps its own `at`. Returns the last id. */
  appendAll(sessionId: string, entries: readonly TimedTranscriptEntry[]): Promise<string>;
  /** Appends unless an entry with this key was appended before (a retried turn's prompt). */
  appendOnce(sessionId: string, onceKey: string, entry: NewTranscriptEntry): Promise<void>;
  read(sessionId: string, options?: { afterId?: string; count?: number }): Promise<StoredTranscriptEntry[]>;
  /** As `read`, unparsed: `parseTranscriptLine` turns a line into its entry. */
  readLines(sessionId: string, options?: { afterId?: string; count?: number }): Promise<TranscriptLine[]>;
  /** The newest entry, or null when the transcript is empty (or gone); share pages derive "running" from it. */
  latest(sessionId: string): Promise<StoredTranscriptEntry | null>;
}

// KEYS: the once-marker, the stream. ARGV: entry JSON, TTL ms, max entries.
const APPEND_ONCE_SCRIPT = `
if redis.call('SET', KEYS[1], '1', 'NX', 'PX', ARGV[2]) then
  redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[3], '*', 'e', ARGV[1])
  redis.call('PEXPIRE', KEYS[2], ARGV[2])
end
return 0
`;

// KEYS: the stream. ARGV: TTL ms, max entries, then one entry JSON or more. Returns the last
// entry's id. One command for a whole batch of a turn's progress (one PEXPIRE however many
// entries), where MULTI/XADD/PEXPIRE/EXEC was four for each event.
const APPEND_SCRIPT = `
local id = false
for i = 3, #ARGV do
  id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[2], '*', 'e', ARGV[i])
end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return id
`;

type AppendArgs = [line: string, ttlMs: number, maxEntries: number];
type AppendAllArgs = [ttlMs: number, maxEntries: number, ...lines: string[]];
const TRANSCRIPT_SCRIPTS = {
  batonAppendOnce: redisScript<[marker: string, stream: string], AppendArgs, number>({
    numberOfKeys: 2,
    lua: APPEND_ONCE_SCRIPT,
  }),
  batonAppend: redisScript<[stream: string], AppendAllArgs, string | null>({
    numberOfKeys: 1,
    lua: APPEND_SCRIPT,
  }),
};

/** A transcript lives as long as its session: `retention.sessionMs` after its last entry or turn. */
export function createTranscriptStore({
  redis,
  keys,
  retention = DEFAULT_RETENTION,
}: RedisStoreOptions): TranscriptStore {
  const ttlMs = retention.sessionMs;
  const scripts = defineRedisScripts(redis, TRANSCRIPT_SCRIPTS);
  // Capped when written, so that no reader (a share page, a download) ever holds an unbounded entry.
  const line = (entry: NewTranscriptEntry, at = new Date().toISOString()) =>
    JSON.stringify({ ...capTranscriptEntry(entry), at });
  const readRows = async (sessionId: string, { afterId, count }: { afterId?: string; count?: number }) => {
    // Nothing comes after the largest id, and Redis refuses to start a range past it.
    if (afterId === LARGEST_STREAM_ID) return [];
    const start = afterId ? `(${afterId}` : "-";
    return count
      ? redis.xrange(keys.transcript(sessionId), start, "+", "COUNT", count)
      : redis.xrange(keys.transcript(sessionId), start, "+");
  };
  async function appendAll(sessionId: string, entries: readonly TimedTranscriptEntry[]): Promise<string> {
    if (entries.length === 0) return "";
    const lines = entries.map(({ entry, at }) => line(entry, at));
    const id = await scripts.batonAppend(
      [keys.transcript(sessionId)],
      [ttlMs, TRANSCRIPT_MAX_ENTRIES, ...lines],
    );
    return id ?? "";
  }
  return {
    // Each entry renews the stream's lifetime, so transcripts of sessions that never finish a
    // turn expire too.
    append: (sessionId, entry) => appendAll(sessionId, [{ entry, at: new Date().toISOString() }]),
    appendAll,
    async appendOnce(sessionId, onceKey, entry) {
      const key = keys.transcript(sessionId);
      await scripts.batonAppendOnce(
        [`${key}:once:${onceKey}`, key],
        [line(entry), ttlMs, TRANSCRIPT_MAX_ENTRIES],
      );
    },
    async read(sessionId, options = {}) {
      return (await readRows(sessionId, options)).map(toStoredEntry);
    },
    async readLines(sessionId, options = {}) {
      return (await readRows(sessionId, options)).map(toLine);
    },
    async latest(sessionId) {
      const [row] = await redis.xrevrange(keys.transcript(sessionId), "+", "-", "COUNT", 1);
      return row ? toStoredEntry(row) : null;
    },
  };
}

function toLine([id, fields]: [string, string[]]): TranscriptLine {
  return { id, json: fields[fields.indexOf("e") + 1] ?? "null" };
}

function toStoredEntry(row: [string, string[]]): StoredTranscriptEntry {
  return parseTranscriptLine(toLine(row));
}

/** A stored line as its entry; throws (a zod or JSON error) when it is not one. */
export function parseTranscriptLine({ id, json }: TranscriptLine): StoredTranscriptEntry {
  return { id, entry: transcriptEntrySchema.parse(JSON.parse(json)) };
}
