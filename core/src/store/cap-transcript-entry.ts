import { MAX_PROMPT_CHARS } from "../schemas/session-request.js";
import type { NewTranscriptEntry } from "../schemas/transcript-entry.js";

/**
 * Longest text one transcript entry keeps in any field. A share page redacts every entry it shows
 * in the process that answers webhooks; a multi-megabyte tool output would stall it. A prompt,
 * already bounded at intake, always fits whole (with its own note when intake cut it).
 */
export const MAX_TRANSCRIPT_TEXT_CHARS = MAX_PROMPT_CHARS;

/** What ends a cut text, so readers know it was cut and by how much. */
export function transcriptCutNote(droppedChars: number): string {
  return `\n… [cut by Baton: ${droppedChars.toLocaleString("en-US")} more characters not kept]`;
}

/**
 * Caps every string of an entry (a prompt, a tool's output, a summary) at
 * `MAX_TRANSCRIPT_TEXT_CHARS`, with a note saying how much was dropped. Other values pass as they are.
 *
 * @example capTranscriptEntry({ kind: "outcome", …, summary: "x".repeat(100_000) }).summary.length // ≤ 40_000
 */
export function capTranscriptEntry<E extends NewTranscriptEntry>(entry: E): E {
  return capValue(entry) as E;
}

function capValue(value: unknown): unknown {
  if (typeof value === "string") return capText(value);
  if (Array.isArray(value)) return value.map(capValue);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, capValue(inner)]));
  }
  return value;
}

/**
 * How far back a cut looks for where a word ends. A cut inside a token would keep its first half,
 * which neither a rule nor Baton's own secrets by value recognise at a share page; tokens hold no
 * space, quote or bracket, and are far shorter than this.
 */
const WORD_END_LOOKBACK_CHARS = 512;
const WORD_END = /[\s"'`,;()[\]{}<>]/;

function capText(text: string): string {
  if (text.length <= MAX_TRANSCRIPT_TEXT_CHARS) return text;
  // Room for the note even if its count grows a digit once the cut point moves back.
  const noteRoom = transcriptCutNote(text.length).length + 1;
  let end = MAX_TRANSCRIPT_TEXT_CHARS - noteRoom;
  for (let at = end; at > end - WORD_END_LOOKBACK_CHARS && at > 0; at -= 1) {
    if (WORD_END.test(text.charAt(at))) {
      end = at;
      break;
    }
  }
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return text.slice(0, end) + transcriptCutNote(text.length - end);
}
