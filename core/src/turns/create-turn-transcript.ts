import { type Beat, type CancelBeat, ownTimers } from "../clock/create-beat.js";
import type { NewTranscriptEntry } from "../schemas/transcript-entry.js";
import type { TimedTranscriptEntry, TranscriptStore } from "../store/transcript-store.js";

/**
 * How long a running turn's progress (status and tool lines) is held before it is written. An
 * agent reports a status about every second; written one by one that was one Redis call per line,
 * the worker's most frequent command. Held for 3 s, a batch is about three lines in one call. A
 * share page polls every 2 s, so a viewer sees a status at most about 5 s after it happened, and
 * the person's thread is not affected (its progress is sent at once). A worker that crashes loses
 * at most this window of status lines; every other entry is written before it is acted on.
 */
export const TRANSCRIPT_PROGRESS_FLUSH_MS = 3_000;

/** One turn's writes into its session's transcript. */
export interface TurnTranscript {
  /**
   * Writes `entry`. A status, tool or done event is held (written within `flushMs`); any other entry is
   * written at once, after what is held and in the same call, so the transcript keeps its order.
   * A held batch whose write failed is written again with the next write; until a write succeeds,
   * the next status or tool event rejects with its error, so that the turn fails as it would have
   * had that line been written at once.
   */
  record(entry: NewTranscriptEntry): Promise<void>;
  /** Writes what is held. Call it when the turn ends, on every path. */
  flush(): Promise<void>;
}

export interface TurnTranscriptOptions {
  transcripts: Pick<TranscriptStore, "appendAll">;
  sessionId: string;
  flushMs?: number;
  /** Where the held batch waits for its write: the worker's beat writes every turn's batch of a tick together. */
  beat?: Beat;
  now?: () => Date;
}

/**
 * Held: progress lines, and the backend's `done`, which the turn's outcome always follows at once
 * (its write carries the `done` along: one call where there were two).
 */
function isHeld(entry: NewTranscriptEntry): boolean {
  if (entry.kind !== "event") return false;
  const { type } = entry.event;
  return type === "status" || type === "tool" || type === "done";
}

/**
 * Batches a turn's progress lines into its transcript. Only the turn writes to its session's
 * transcript while it runs (one turn of a session at a time), so holding its own lines is enough
 * to keep the order. Writes go out one after another, never two at once, in the order they were
 * made.
 */
export function createTurnTranscript({
  transcripts,
  sessionId,
  flushMs = TRANSCRIPT_PROGRESS_FLUSH_MS,
  beat = ownTimers,
  now = () => new Date(),
}: TurnTranscriptOptions): TurnTranscript {
  let held: TimedTranscriptEntry[] = [];
  let cancelFlush: CancelBeat | undefined;
  let tail: Promise<void> = Promise.resolve();
  // A timed batch that could not be written, to go first in the next write.
  let unwritten: TimedTranscriptEntry[] = [];
  let timedFailure: unknown;

  function write(batch: TimedTranscriptEntry[], timed = false): Promise<void> {
    const next = tail.then(async () => {
      const entries = unwritten.length > 0 ? [...unwritten, ...batch] : batch;
      unwritten = [];
      try {
        if (entries.length > 0) await transcripts.appendAll(sessionId, entries);
        timedFailure = undefined;
      } catch (error) {
        if (timed) {
          unwritten = entries;
          timedFailure = error;
        }
        throw error;
      }
    });
    // A failed write does not stop the ones after it; its caller hears of it.
    tail = next.catch(() => undefined);
    return next;
  }

  function takeHeld(): TimedTranscriptEntry[] {
    cancelFlush?.();
    cancelFlush = undefined;
    const batch = held;
    held = [];
    return batch;
  }

  return {
    async record(entry) {
      const timed = { entry, at: now().toISOString() };
      if (!isHeld(entry)) return write([...takeHeld(), timed]);
      if (timedFailure !== undefined) throw timedFailure;
      held.push(timed);
      if (cancelFlush) return;
      // A pending batch never keeps a process alive (a beat's timer does not): every end of a turn flushes it.
      cancelFlush = beat.after(flushMs, () => {
        write(takeHeld(), true).catch(() => undefined); // kept for the next write, and reported by it
      });
    },
    flush() {
      return write(takeHeld());
    },
  };
}
