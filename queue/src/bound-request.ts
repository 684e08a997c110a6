import { BatonError, MAX_PROMPT_CHARS, type SessionRequest, sessionRequestSchema } from "@baton/core";

export interface BoundedRequest {
  request: SessionRequest;
  /** How many characters of the text were dropped to fit the limit (0 when it fitted). */
  droppedChars: number;
}

// An HTML entity (`&lt;`, `&#x27;`) is at most this long; Slack sends `<`, `>` and `&` as entities.
const LONGEST_ENTITY_CHARS = 10;

/**
 * The note that replaces the end of a request too long to store. It is part of the prompt, so the
 * agent knows it did not see everything, and part of the transcript the person can open.
 */
export function truncationNote(originalChars: number): string {
  return `\n\n[Baton cut this request: it was ${originalChars.toLocaleString("en-US")} characters, and requests may hold ${MAX_PROMPT_CHARS.toLocaleString("en-US")}. The rest was dropped; send it in parts or attach it as a file.]`;
}

/**
 * Makes a request fit what a stored turn may hold. A text over the limit is cut, with a visible
 * note, rather than refused: a person who pasted a long log still gets an answer about the part
 * that fits, and the thread is not blocked. Anything else that does not fit the schema is a bot's
 * bug: it is refused with an error naming the fields, never stored.
 *
 * @example boundRequest({ ...request, text: "x".repeat(50_000) }).droppedChars // > 10_000
 */
export function boundRequest(request: SessionRequest): BoundedRequest {
  let text = request.text;
  let droppedChars = 0;
  if (text.length > MAX_PROMPT_CHARS) {
    const note = truncationNote(text.length);
    const kept = cutAtBoundary(text, MAX_PROMPT_CHARS - note.length);
    droppedChars = text.length - kept.length;
    text = kept + note;
  }
  const parsed = sessionRequestSchema.safeParse({ ...request, text });
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join(".")))];
    throw new BatonError(
      "request_invalid",
      `A bot handed intake a request that does not fit the schema (fields: ${fields.join(", ")}).`,
      "Baton could not read this request.",
    );
  }
  return { request: parsed.data, droppedChars };
}

/** Cuts to at most `maxChars` without splitting a surrogate pair or an HTML entity. */
function cutAtBoundary(text: string, maxChars: number): string {
  let end = maxChars;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  const ampersand = text.lastIndexOf("&", end - 1);
  if (ampersand >= 0 && end - ampersand < LONGEST_ENTITY_CHARS && !text.slice(ampersand, end).includes(";")) {
    end = ampersand;
  }
  return text.slice(0, end);
}
