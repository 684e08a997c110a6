import type { LogFields } from "@baton/core";

/**
 * Field names whose values are never written, whatever logs them: a backstop behind the rule
 * that nothing logs tokens, headers or prompts in the first place. A field is censored at the
 * top level of a log line and one level down (`{ request: { text } }`).
 */
export const REDACTED_LOG_FIELDS: ReadonlySet<string> = new Set([
  "token",
  "authorization",
  "headers",
  "secret",
  "password",
  "text",
  "prompt",
]);

export const REDACTED_LOG_CENSOR = "[redacted]";

/**
 * The fields with every redacted name censored, two levels deep. The given object is never
 * changed, and is returned as it is when nothing in it is redacted: the usual case, which then
 * costs a look at each key. (pino's own `redact` with `*.name` paths cost more than the rest of
 * the line, on every line; this runs on the acknowledgement path.)
 *
 * @example redactLogFields({ turn_id: "t_1", request: { text: "secret plan" } })
 * // { turn_id: "t_1", request: { text: "[redacted]" } }
 */
export function redactLogFields(fields: LogFields): LogFields {
  let copy: LogFields | undefined;
  for (const key in fields) {
    if (!Object.hasOwn(fields, key)) continue;
    const value = fields[key];
    let redacted: unknown = value;
    if (REDACTED_LOG_FIELDS.has(key)) redacted = REDACTED_LOG_CENSOR;
    else if (isPlainRecord(value)) redacted = redactOneLevel(value);
    if (redacted !== value) {
      copy ??= { ...fields };
      copy[key] = redacted;
    }
  }
  return copy ?? fields;
}

function redactOneLevel(record: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key in record) {
    if (Object.hasOwn(record, key) && REDACTED_LOG_FIELDS.has(key)) {
      copy ??= { ...record };
      copy[key] = REDACTED_LOG_CENSOR;
    }
  }
  return copy ?? record;
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Error);
}
