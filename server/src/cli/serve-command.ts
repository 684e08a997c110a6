import { type CliIo, errorMessage, parseCliArgs, printUsage } from "@baton/core";
import { loadConfig } from "../config/load-config.js";
import { createConsoleLogger } from "../logging/create-console-logger.js";
import { startPlayground } from "../playground/start-playground.js";
import { type BatonMode, startBaton } from "../start-baton.js";

const SERVE_DESCRIPTIONS: Record<BatonMode, string> = {
  all: "Runs the gateway and the worker in one process.",
  gateway: "Runs only the HTTP gateway: webhooks in, share pages, health and metrics.",
  worker:
    "Runs only the worker: it runs turns and posts the replies (scale it out; each takes BATON_WORKER_CONCURRENCY turns).",
};

/** The usage of `baton start`, `baton gateway` and `baton worker`. */
export function serveUsage(mode: BatonMode): string {
  return [
    `Usage: baton ${commandName(mode)} [--port PORT]`,
    "",
    SERVE_DESCRIPTIONS[mode],
    "Configuration comes from the environment (docs/configuration.md); on SIGTERM or",
    "SIGINT it stops taking work, lets running turns finish within BATON_SHUTDOWN_GRACE_MS, and exits 0.",
    "",
    "  --port   the HTTP port (default: PORT, else 3000)",
  ].join("\n");
}

function commandName(mode: BatonMode): string {
  return mode === "all" ? "start" : mode;
}

/**
 * `baton start|gateway|worker`: runs until SIGTERM or SIGINT, then drains (no new work, running
 * turns get the grace period) and exits 0. The returned promise resolves only at exit.
 */
export async function runServeCommand(mode: BatonMode, args: string[], io: CliIo): Promise<number> {
  const parsed = parseCliArgs({ args, options: { port: { type: "string" } } });
  if (parsed.kind === "usage")
    return printUsage(io, {
      command: `baton ${commandName(mode)}`,
      usage: serveUsage(mode),
      problem: parsed.problem,
    });
  const { values } = parsed;
  const env = values.port ? { ...io.env, PORT: values.port } : io.env;
  const config = loadConfig(env);
  const logger = createConsoleLogger(config);
  process.on("unhandledRejection", (reason) => {
    // Log and keep serving: one bad promise must not take every conversation down with it.
    logger.error("server.unhandled_rejection", {
      error: errorMessage(reason),
    });
  });
  // `baton start` with no platform credentials shows Baton working against fake platforms.
  const playground = mode === "all" ? await startPlayground({ config, env, logger }) : null;
  const baton = await startBaton({
    mode,
    env: playground?.env ?? env,
    logger,
    routes: playground?.routes,
  }).catch(async (error: unknown) => {
    await playground?.close();
    throw error;
  });
  if (playground && baton.url)
    playground.attach({ gatewayUrl: baton.url, port: Number(new URL(baton.url).port) });
  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info("server.signal", { signal });
      playground?.endStreams();
      baton.close().then(
        async () => {
          await playground?.close();
          resolve(0);
        },
        (error: unknown) => {
          logger.error("server.stop_failed", { error: errorMessage(error) });
          resolve(1);
        },
      );
    };
    process.once("SIGTERM", () => stop("SIGTERM"));
    process.once("SIGINT", () => stop("SIGINT"));
  });
}
