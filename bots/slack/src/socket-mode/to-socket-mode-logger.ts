import { errorMessage, type Logger } from "@baton/core";
import { LogLevel, type Logger as SocketModeLogger } from "@slack/socket-mode";

/**
 * The Socket Mode client and its Web API client log through Baton's logger as
 * `bots.slack.socket_mode.sdk` lines. Their debug lines are dropped, not forwarded: they carry
 * every raw envelope and ack, and with them people's prompts.
 */
export function toSocketModeLogger(logger: Logger): SocketModeLogger {
  const write =
    (method: "info" | "warn" | "error") =>
    (...messages: unknown[]) =>
      logger[method]("bots.slack.socket_mode.sdk", {
        detail: messages.map(errorMessage).join(" "),
      });
  return {
    debug: () => {},
    info: write("info"),
    warn: write("warn"),
    error: write("error"),
    // Fixed at INFO: the client asks before building debug-only strings, and it must never build them.
    setLevel: () => {},
    getLevel: () => LogLevel.INFO,
    setName: () => {},
  };
}
