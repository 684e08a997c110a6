/** Fields every line carries, or that the pretty line already shows in its own place. */
const HIDDEN_FIELDS = new Set(["level", "time", "pid", "hostname", "service", "event", "component"]);
/** A longer value is cut: one event stays one short line. */
export const PRETTY_VALUE_MAX_CHARS = 160;

/**
 * The fields of one log record as `key=value` pairs for a person to read: strings bare when they
 * can be, quoted otherwise; lists comma-separated; an error as its message.
 *
 * @example
 * formatLogFields({ event: "server.started", url: "http://127.0.0.1:3000", platforms: ["acme"] })
 * // → "url=http://127.0.0.1:3000 platforms=[acme]"
 */
export function formatLogFields(record: Record<string, unknown>): string {
  return Object.entries(record)
    .filter(([key, value]) => !HIDDEN_FIELDS.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${formatValue(value)}`)
    .join(" ");
}

function formatValue(value: unknown): string {
  if (typeof value === "string") return quoteIfNeeded(cut(value));
  if (Array.isArray(value)) return cut(`[${value.map((item) => plain(item)).join(",")}]`);
  if (isErrorShape(value)) return quoteIfNeeded(cut(value.message));
  if (typeof value === "object" && value !== null) return cut(JSON.stringify(value));
  return String(value);
}

function plain(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function quoteIfNeeded(text: string): string {
  return /^[\w.:/@+-]+$/.test(text) ? text : JSON.stringify(text);
}

function cut(text: string): string {
  return text.length > PRETTY_VALUE_MAX_CHARS ? `${text.slice(0, PRETTY_VALUE_MAX_CHARS - 1)}…` : text;
}

function isErrorShape(value: unknown): value is { message: string } {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { message?: unknown }).message === "string" &&
    Object.keys(value).every((key) => key === "name" || key === "message")
  );
}
