/**
 * Form fields that WebClient sends as JSON strings because their values are objects. Only these are
 * decoded: guessing from the value would turn a message whose text happens to be JSON into an object.
 */
export const JSON_ENCODED_FORM_FIELDS: readonly string[] = [
  "blocks",
  "attachments",
  "metadata",
  "view",
  "unfurls",
];

export interface ParseSlackApiBodyOptions {
  contentType: string | undefined;
  rawBody: string;
}

export type ParseSlackApiBodyResult =
  | { ok: true; body: Record<string, unknown> }
  | { ok: false; error: "invalid_json" };

/**
 * Turns a Web API request body into an object of arguments, the way Slack reads it: JSON bodies as
 * they are, form bodies as string fields with the known JSON fields decoded. Other content types
 * (multipart uploads) yield no arguments.
 *
 * @example
 * parseSlackApiBody({ contentType: "application/x-www-form-urlencoded", rawBody: "channel=C1&blocks=%5B%5D" });
 * // → { ok: true, body: { channel: "C1", blocks: [] } }
 */
export function parseSlackApiBody({
  contentType,
  rawBody,
}: ParseSlackApiBodyOptions): ParseSlackApiBodyResult {
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase();
  if (mediaType === "application/json") return parseJsonBody(rawBody);
  const body: Record<string, unknown> = {};
  if (mediaType === "application/x-www-form-urlencoded") {
    for (const [key, value] of new URLSearchParams(rawBody)) {
      body[key] = JSON_ENCODED_FORM_FIELDS.includes(key) ? decodeJsonField(value) : value;
    }
  }
  return { ok: true, body };
}

function parseJsonBody(rawBody: string): ParseSlackApiBodyResult {
  if (rawBody.trim() === "") return { ok: true, body: {} };
  try {
    const parsed: unknown = JSON.parse(rawBody);
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) {
      return { ok: true, body: parsed as Record<string, unknown> };
    }
  } catch {
    // Fall through: Slack answers malformed and non-object JSON alike.
  }
  return { ok: false, error: "invalid_json" };
}

function decodeJsonField(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    // Keep what was sent, so a test can still see the malformed value.
    return value;
  }
}
