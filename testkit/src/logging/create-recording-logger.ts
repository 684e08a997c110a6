/** A log line's fields. */
export type RecordedFields = Record<string, unknown>;

export interface LogLine {
  level: "debug" | "info" | "warn" | "error";
  event: string;
  /** The line's fields, with the bindings of every `child` it was logged through. */
  fields: RecordedFields;
}

/**
 * `@baton/core`'s `Logger`, keeping every line. Written out here rather than imported: core's own
 * tests use testkit, so testkit cannot depend on core.
 */
export interface RecordingLogger {
  debug(event: string, fields?: RecordedFields): void;
  info(event: string, fields?: RecordedFields): void;
  warn(event: string, fields?: RecordedFields): void;
  error(event: string, fields?: RecordedFields): void;
  child(bindings: RecordedFields): RecordingLogger;
  /** Every line logged through this logger and its children, oldest first. */
  readonly lines: LogLine[];
}

/**
 * A logger for tests: it keeps every line (with its bindings), so that a test can check what was
 * logged and why, and that nothing secret was.
 *
 * @example
 * const logger = createRecordingLogger();
 * await startSomething({ logger });
 * expect(logger.lines.map((line) => line.event)).toContain("queue.turn.completed");
 */
export function createRecordingLogger(lines: LogLine[] = [], bindings: RecordedFields = {}): RecordingLogger {
  const write =
    (level: LogLine["level"]) =>
    (event: string, fields: RecordedFields = {}) => {
      lines.push({ level, event, fields: { ...bindings, ...fields } });
    };
  return {
    lines,
    debug: write("debug"),
    info: write("info"),
    warn: write("warn"),
    error: write("error"),
    child: (more) => createRecordingLogger(lines, { ...bindings, ...more }),
  };
}
