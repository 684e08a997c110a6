import type { LogFields, Logger } from "@baton/core";
import { register as onExit } from "on-exit-leak-free";
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
  /**
   * JSON on stdout: how much may wait unwritten, how often lines dropped past it are told, and
   * how lines are batched (the bytes that make a write, and how long a line may wait for others).
   */
  stdout?: {
    maxUnwrittenBytes?: number;
    droppedReportMs?: number;
    batchBytes?: number;
    flushIntervalMs?: number;
  };
}

/** Unwritten JSON lines kept at most while stdout's reader lags; past it, new lines are dropped. */
const MAX_UNWRITTEN_LOG_BYTES = 16 * 1024 * 1024;
/** How often a count of dropped lines is logged, once the reader takes lines again. */
const DROPPED_LINES_REPORT_MS = 10_000;
/** Lines are written once this much has gathered (a dozen request lines)… */
const LOG_WRITE_BATCH_BYTES = 4096;
/** …or at the latest this long after they were logged. */
const LOG_FLUSH_INTERVAL_MS = 250;

/**
 * Log lines on stdout (or `destination`) through pino; each line's `event` is the dotted event
 * name. JSON by default; `pretty` writes one short line a event for a person at a terminal.
 */
export function createLogger({
  level,
  destination,
  bindings = {},
  format = "json",
  stdout = {},
}: CreateLoggerOptions): Logger {
  const json = format === "json" && !destination ? createJsonStdout(stdout) : undefined;
  const root = pino(
    {
      level,
      messageKey: "event",
      base: { service: "baton", pid: process.pid, ...redactLogFields(bindings) },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    format === "pretty" ? createPrettyStream(destination) : (json?.stream ?? destination),
  );
  if (json) {
    const report = (lines: number) => root.warn({ lines }, "server.logging.lines_dropped");
    setInterval(() => json.reportDropped(report), stdout.droppedReportMs ?? DROPPED_LINES_REPORT_MS).unref();
    // Registered after pino's own flush at exit (which runs first): lines dropped since the last
    // report are told then too, not lost with the process.
    onExit(json, () => json.reportDroppedAtExit(report));
  }
  return wrap(root);
}

/**
 * JSON lines on stdout, written asynchronously: a line never waits on the write system call
 * (nor on a slow reader of the pipe). Lines leave in batches of about 4 KB, and a line waits at
 * most 250 ms for others: each write is a job for libuv's thread pool, and one a line cost the
 * gateway about a tenth of its CPU at 1,000 webhooks a second (bench/README.md). The lines still
 * buffered are flushed when the process exits, after a crash too; only a SIGKILL loses them. A
 * reader that lags does not make the process grow: past `maxUnwrittenBytes`, new lines are
 * dropped and counted, and the count is logged later (at the latest when the process exits).
 */
function createJsonStdout({
  maxUnwrittenBytes = MAX_UNWRITTEN_LOG_BYTES,
  batchBytes = LOG_WRITE_BATCH_BYTES,
  flushIntervalMs = LOG_FLUSH_INTERVAL_MS,
}: NonNullable<CreateLoggerOptions["stdout"]>): {
  stream: DestinationStream;
  /**
   * Logs, through `report`, how many lines were dropped since the last report. The report is a
   * line too: while the reader still lags it is dropped as well, and the count waits for the next
   * report rather than being lost with it.
   */
  reportDropped(report: (lines: number) => void): void;
  /** The same, written synchronously: the process is exiting and has no event loop left. */
  reportDroppedAtExit(report: (lines: number) => void): void;
} {
  const stream = pino.destination({
    dest: 1,
    sync: false,
    maxLength: maxUnwrittenBytes,
    minLength: batchBytes,
  });
  let dropped = 0;
  stream.on("drop", () => {
    dropped += 1;
  });
  function reportDropped(report: (lines: number) => void): void {
    const lines = dropped;
    if (lines === 0) return;
    report(lines);
    // sonic-boom emits `drop` from within `write`: a count that grew meanwhile is the report's own
    // line, dropped too, and the count waits for the next report (without the report itself).
    dropped = dropped > lines ? lines : 0;
  }
  return {
    stream: batchBytes > 0 ? flushedWithin(stream, flushIntervalMs) : stream,
    reportDropped,
    reportDroppedAtExit(report) {
      if (dropped === 0) return;
      try {
        // What is buffered leaves first, so that the report finds room.
        stream.flushSync();
        reportDropped(report);
        stream.flushSync();
      } catch {
        // A stdout already closed (flushSync refuses it): there is nowhere left to tell it.
      }
    },
  };
}

type SonicBoom = ReturnType<typeof pino.destination>;

/**
 * `stream`, with what it holds unwritten flushed at the latest `withinMs` after it was logged. The
 * timer runs only while something is unwritten: sonic-boom's own periodic flush writes at every
 * tick, an empty write (a job for libuv's thread pool) four times a second in a process that has
 * nothing to log, such as an idle worker. Unwritten bytes are counted from sonic-boom's `write`
 * (bytes written) and `drop` (a line past the cap) events.
 */
function flushedWithin(stream: SonicBoom, withinMs: number): DestinationStream {
  let unwrittenBytes = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  stream.on("close", () => {
    closed = true;
  });
  stream.on("write", (bytes: number) => {
    unwrittenBytes = Math.max(0, unwrittenBytes - bytes);
  });
  stream.on("drop", (line: string) => {
    unwrittenBytes = Math.max(0, unwrittenBytes - Buffer.byteLength(line));
  });
  const arm = () => {
    timer = setTimeout(tick, withinMs);
    timer.unref();
  };
  function tick() {
    timer = undefined;
    if (unwrittenBytes === 0 || closed) return;
    stream.flush();
    // A write already under way makes flush a no-op: the next tick looks again.
    arm();
  }
  const flushing: DestinationStream & Pick<SonicBoom, "flush" | "flushSync"> = {
    write(line: string) {
      unwrittenBytes += Buffer.byteLength(line);
      stream.write(line);
      if (!timer) arm();
    },
    // pino flushes through these (`logger.flush()`, a fatal line); on exit it flushes the stream itself.
    flush: (callback) => stream.flush(callback),
    flushSync: () => stream.flushSync(),
  };
  return flushing;
}

/**
 * `12:04:01.250 INFO  server.started url=http://127.0.0.1:3000 platforms=[acme]`. An in-process
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
