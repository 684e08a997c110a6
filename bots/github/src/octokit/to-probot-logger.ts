import type { Logger } from "@baton/core";
import { pino } from "pino";

const LEVELS: Record<number, "debug" | "info" | "warn" | "error"> = {
  10: "debug",
  20: "debug",
  30: "info",
  40: "warn",
  50: "error",
  60: "error",
};

/**
 * Probot and its Octokit log through pino; their lines go to Baton's logger as
 * `bots.github.probot` events (warnings and up: rate limits, failed requests), never to stdout.
 */
export function toProbotLogger(logger: Logger) {
  const log = logger.child({ component: "bots.github.probot" });
  return pino(
    { level: "warn", base: null, timestamp: false },
    {
      write(line: string) {
        let record: { level?: number; msg?: string; name?: string };
        try {
          record = JSON.parse(line) as typeof record;
        } catch {
          record = { level: 40, msg: line.trim() };
        }
        log[LEVELS[record.level ?? 40] ?? "warn"]("bots.github.probot", {
          source: record.name,
          message: record.msg,
        });
      },
    },
  );
}
