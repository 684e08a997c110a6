/** Structured fields: snake_case keys; never tokens, headers or prompts. */
export type LogFields = Record<string, unknown>;

/**
 * The logger every package takes as a dependency. The message is a dotted event name
 * (`queue.turn.completed`); `server` backs it with pino.
 */
export interface Logger {
  debug(event: string, fields?: LogFields): void;
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
  child(bindings: LogFields): Logger;
}

/** For tests and tools that want no output. */
export const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  child() {
    return silentLogger;
  },
};
