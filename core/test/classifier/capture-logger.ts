import type { LogFields, Logger } from "@baton/core";

export interface CapturedLog {
  level: "debug" | "info" | "warn" | "error";
  event: string;
  fields: LogFields;
}

/** A logger that keeps every entry (with its bindings merged in) for assertions. */
export function createCapturingLogger(
  entries: CapturedLog[] = [],
  bindings: LogFields = {},
): Logger & { entries: CapturedLog[] } {
  const at =
    (level: CapturedLog["level"]) =>
    (event: string, fields: LogFields = {}) => {
      entries.push({ level, event, fields: { ...bindings, ...fields } });
    };
  return {
    entries,
    debug: at("debug"),
    info: at("info"),
    warn: at("warn"),
    error: at("error"),
    child: (more) => createCapturingLogger(entries, { ...bindings, ...more }),
  };
}
