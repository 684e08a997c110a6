import { errorMessage, type Logger } from "@baton/core";
import { type Logger as BoltLogger, LogLevel } from "@slack/bolt";

/**
 * Bolt and the Web API client log through Baton's structured logger, as `bots.slack.bolt` lines.
 * Their debug lines are dropped: they hold whole request bodies (people's prompts and results).
 */
export function toBoltLogger(logger: Logger): BoltLogger {
  let level = LogLevel.INFO;
  const write =
    (method: "info" | "warn" | "error") =>
    (...messages: unknown[]) =>
      logger[method]("bots.slack.bolt", {
        detail: messages.map(errorMessage).join(" "),
      });
  return {
    debug: () => {},
    info: write("info"),
    warn: write("warn"),
    error: write("error"),
    setLevel: (next) => {
      level = next;
    },
    getLevel: () => level,
    setName: () => {},
  };
}
