import type { Logger } from "@baton/core";
import type { Config } from "../config/load-config.js";
import { createLogger } from "./create-logger.js";
import { resolveLogFormat } from "./log-format.js";

/** The logger of a running Baton: on stdout, pretty when a person is watching, JSON otherwise. */
export function createConsoleLogger(config: Pick<Config, "LOG_LEVEL" | "LOG_FORMAT">): Logger {
  return createLogger({
    level: config.LOG_LEVEL,
    format: resolveLogFormat({ requested: config.LOG_FORMAT, isTty: process.stdout.isTTY === true }),
  });
}
