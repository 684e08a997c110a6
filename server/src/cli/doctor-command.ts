import { type BotModule, type CliIo, parseCliArgs, printUsage } from "@baton/core";
import { BOT_MODULES } from "../bots/bot-modules.js";
import { type Config, ConfigError, loadConfig } from "../config/load-config.js";
import type { DoctorCheck } from "./doctor/doctor-check.js";
import { DOCTOR_CHECKS } from "./doctor/doctor-checks.js";
import { countFindings, formatDoctorReport } from "./doctor/format-doctor-report.js";
import { runDoctorChecks } from "./doctor/run-doctor-checks.js";

/** How long any one network call of a check may take before it counts as not answering. */
export const DOCTOR_TIMEOUT_MS = 5_000;

/** The checks' own words of what they ask (a platform's, from its module), in parentheses. */
const ABOUT_CHECKS = DOCTOR_CHECKS.flatMap((check) => (check.about ? [check.about] : []));

export const DOCTOR_USAGE = [
  "Usage: baton doctor",
  "",
  "Checks what Baton needs, with the same environment `baton start` would use, and says how to fix",
  "what is wrong: Redis (reachable, version, persistence, maxmemory-policy), each configured platform",
  `${ABOUT_CHECKS.length > 0 ? `(${ABOUT_CHECKS.join("; ")}), ` : ""}BATON_PUBLIC_URL`,
  "(https in production, reachable from here), the backend, and the catalog (BATON_CONFIG).",
  "",
  "Marks: ✓ fine, - switched off, ! worth a look, ✗ must be fixed. Exit codes: 0 nothing to fix,",
  "1 something must be fixed, 2 bad usage. NODE_ENV=production turns some warnings into problems.",
].join("\n");

/**
 * `baton doctor`: runs `checks` (every registered one by default) and prints the report, with the
 * configuration `modules` read (the listed ones by default; a test's own platform reads its own).
 */
export async function runDoctorCommand(
  args: string[],
  io: CliIo,
  checks: readonly DoctorCheck[] = DOCTOR_CHECKS,
  modules: readonly BotModule<Config>[] = BOT_MODULES,
): Promise<number> {
  const parsed = parseCliArgs({ args, options: { help: { type: "boolean", short: "h" } } });
  if (parsed.kind === "usage" || parsed.values.help)
    return printUsage(io, {
      command: "baton doctor",
      usage: DOCTOR_USAGE,
      problem: parsed.kind === "usage" ? parsed.problem : undefined,
    });
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(io.env, modules);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const line of formatDoctorReport([
      {
        kind: "checked",
        title: "Environment",
        findings: error.keys.map((key) => ({
          kind: "problem",
          text: `${key} is not valid`,
          fix: "Fix or unset it (docs/configuration.md lists each variable); the other checks need it.",
        })),
      },
    ]))
      io.stdout(line);
    return 1;
  }
  const results = await runDoctorChecks(checks, {
    config,
    production: io.env.NODE_ENV === "production",
    isSet: (name) => Boolean(io.env[name]),
    timeoutMs: DOCTOR_TIMEOUT_MS,
  });
  for (const line of formatDoctorReport(results)) io.stdout(line);
  return countFindings(results).problems > 0 ? 1 : 0;
}
