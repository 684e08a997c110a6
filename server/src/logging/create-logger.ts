import type { LogFields, Logger } from "@baton/core";
import { type DestinationStream, type Logger as PinoLogger, pino } from "pino";

/**
 * Field names whose values are never written, whatever logs them: a backstop behind the rule
 * that nothing logs tokens, headers or prompts in the first place.
 */
export const REDACTED_LOG_PATHS = [
  "token",
  "*.token",
  "authorization",
  "*.authorization",
  "headers",
  "*.headers",
  "secret",
  "*.secret",
  "password",
  "*.password",
  "text",
  "*.text",
  "prompt",
  "*.prompt",
];

export interface CreateLoggerOptions {
  level: string;
  destination?: DestinationStream;
  bindings?: LogFields;
}

/** JSON lines on stdout through pino; each line's `event` is the dotted event name. */
export function createLogger({ level, destination, bindings = {} }: CreateLoggerOptions): Logger {
  const root = pino(
    {
      level,
      messageKey: "event",
      base: { service: "baton", pid: process.pid, ...bindings },
      redact: { paths: REDACTED_LOG_PATHS, censor: "[redacted]" },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  return wrap(root);
}

function wrap(logger: PinoLogger): Logger {
  const write =
    (method: "debug" | "info" | "warn" | "error") =>
    (event: string, fields: LogFields = {}) => {
      const error = fields.error;
      logger[method](
        error instanceof Error ? { ...fields, error: { name: error.name, message: error.message } } : fields,
        event,
      );
    };
  return {
    debug: write("debug"),
    info: write("info"),
    warn: write("warn"),
    error: write("error"),
    child: (bindings) => wrap(logger.child(bindings)),
  };
}
