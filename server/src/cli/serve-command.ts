import { parseArgs } from "node:util";
import { loadConfig } from "../config/load-config.js";
import { createLogger } from "../logging/create-logger.js";
import { type BatonMode, startBaton } from "../start-baton.js";
import type { CliIo } from "./cli-io.js";

/**
 * `baton start|gateway|worker`: runs until SIGTERM or SIGINT, then drains (no new work, running
 * turns get the grace period) and exits 0. The returned promise resolves only at exit.
 */
export async function runServeCommand(mode: BatonMode, args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({ args, options: { port: { type: "string" } }, strict: true });
  const env = values.port ? { ...io.env, PORT: values.port } : io.env;
  const logger = createLogger({ level: loadConfig(env).LOG_LEVEL });
  process.on("unhandledRejection", (reason) => {
    // Log and keep serving: one bad promise must not take every conversation down with it.
    logger.error("server.unhandled_rejection", {
      error: reason instanceof Error ? reason.message : String(reason),
    });
  });
  const baton = await startBaton({ mode, env, logger });
  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info("server.signal", { signal });
      baton.close().then(
        () => resolve(0),
        (error: unknown) => {
          logger.error("server.stop_failed", { error: (error as Error).message });
          resolve(1);
        },
      );
    };
    process.once("SIGTERM", () => stop("SIGTERM"));
    process.once("SIGINT", () => stop("SIGINT"));
  });
}
