import { MAX_PROMPT_CHARS, type SessionRequest } from "@baton/core";

export interface BoundedRequest {
  request: SessionRequest;
  /** How many characters of the text were dropped to fit the limit (0 when it fitted). */
  droppedChars: number;
}

// An HTML entity (`&lt;`, `&#x27;`) is at most this long; some platforms send `<`, `>` and `&` as entities.
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
 * that fits, and the thread is not blocked.
 *
 * The rest of the schema is not checked here, on the acknowledgement path, but where a turn is
 * read back (`readTurn`): a request a bot built wrong is stored, then failed by the dispatcher
 * with a reply saying Baton could not read it, and the turn behind it runs. Refusing it here
 * answered the platform with a 500, whose retries failed the same way while the person heard
 * nothing; and the check cost a tenth of a delivery's CPU for requests the bots build field by
 * field from events they validated already.
 *
 * @example boundRequest({ ...request, text: "x".repeat(50_000) }).droppedChars // > 10_000
 */
export function boundRequest(request: SessionRequest): BoundedRequest {
  // A text that is no string is a request built wrong: stored as it is, and failed where it is read.
  if (typeof request.text !== "string" || request.text.length <= MAX_PROMPT_CHARS)
    return { request, droppedChars: 0 };
  const note = truncationNote(request.text.length);
  const kept = cutAtBoundary(request.text, MAX_PROMPT_CHARS - note.length);
  return { request: { ...request, text: kept + note }, droppedChars: request.text.length - kept.length };
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
