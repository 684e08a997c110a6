import type { LogFields, Logger } from "@baton/core";
import { type DestinationStream, type Logger as PinoLogger, pino } from "pino";
import { PinoPretty } from "pino-pretty";
import { formatLogFields } from "./format-log-fields.js";
import type { LogFormat } from "./log-format.js";
import { redactLogFields } from "./redact-log-fields.js";
import { summarizeError } from "./summarize-error.js";

export interface CreateLoggerOptions {
  level: string;
  destination?: DestinationStream;
  bindings?: LogFields;
  /** `json` (the default) or `pretty`; see `resolveLogFormat`. */
  format?: LogFormat;
}

/**
 * Log lines on stdout (or `destination`) through pino; each line's `event` is the dotted event
 * name. JSON by default; `pretty` writes one short line a event for a person at a terminal.
 */
export function createLogger({
  level,
  destination,
  bindings = {},
  format = "json",
}: CreateLoggerOptions): Logger {
  const root = pino(
    {
      level,
      messageKey: "event",
      base: { service: "baton", pid: process.pid, ...redactLogFields(bindings) },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    format === "pretty" ? createPrettyStream(destination) : (destination ?? createJsonStdout()),
  );
  return wrap(root);
}

/**
 * JSON lines on stdout, written asynchronously: a line never waits on the write system call
 * (nor on a slow reader of the pipe), and the lines logged while one write is under way leave
 * together in the next. Under load that took a tenth of the gateway's CPU off each webhook
 * (bench/README.md). The lines still buffered are flushed when the process exits, after a crash
 * too; only a SIGKILL loses them.
 */
function createJsonStdout(): DestinationStream {
  return pino.destination({ dest: 1, sync: false });
}

/**
 * `12:04:01.250 INFO  server.started url=http://127.0.0.1:3000 platforms=[slack]`. An in-process
 * stream that writes synchronously, not a worker transport: lines logged just before the
 * process exits are not lost.
 */
function createPrettyStream(destination: DestinationStream | undefined): DestinationStream {
  return PinoPretty({
    destination: destination ?? 1,
    sync: true,
    messageKey: "event",
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname,service,component",
    hideObject: true,
    messageFormat: (record, messageKey) => {
      const fields = formatLogFields(record);
      return fields ? `${String(record[messageKey])} ${fields}` : String(record[messageKey]);
    },
  });
}

function wrap(logger: PinoLogger): Logger {
  const write =
    (method: "debug" | "info" | "warn" | "error") =>
    (event: string, fields: LogFields = {}) => {
      // Redacted here rather than by pino's `redact`, which cost more than the rest of a line.
      logger[method](redactLogFields(withReadableError(fields)), event);
    };
  return {
    debug: write("debug"),
    info: write("info"),
    warn: write("warn"),
    error: write("error"),
    child: (bindings) => wrap(logger.child(redactLogFields(bindings))),
  };
}

/** An error is logged as its name and a one-line message (a validation error names its fields). */
function withReadableError(fields: LogFields): LogFields {
  const error = fields.error;
  if (error instanceof Error)
    return { ...fields, error: { name: error.name, message: summarizeError(error) } };
  if (typeof error === "string") return { ...fields, error: summarizeError(error) };
  return fields;
}
