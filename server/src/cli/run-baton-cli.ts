import { readFileSync } from "node:fs";
import { BatonError, type CliCommand, type CliIo, printUsage } from "@baton/core";
import { summarizeError } from "../logging/summarize-error.js";

const DEFAULT_COMMAND = "start";
const HELP_FLAGS = new Set(["--help", "-h"]);
const VERSION_FLAGS = new Set(["--version", "-v"]);
/** Levels at which an unexpected error's stack is worth printing. */
const STACK_LOG_LEVELS = new Set(["debug", "trace"]);

/**
 * `baton [command] [args]`: `--help` at any level prints usage and exits 0; an unknown command or
 * option prints one line saying so, then the usage, and exits 2; `--version` prints the version.
 * Nothing a user typed ends in a stack trace: setup errors (BatonError) say what to fix, exit 1.
 */
export async function runBatonCli(
  argv: string[],
  io: CliIo,
  commands: readonly CliCommand[],
): Promise<number> {
  const usage = batonUsage(commands);
  const [first, ...rest] = argv;
  if (first !== undefined && HELP_FLAGS.has(first)) return printUsage(io, { command: "baton", usage });
  if (first === "help") return runHelp(rest, io, commands, usage);
  if (first !== undefined && VERSION_FLAGS.has(first)) {
    io.stdout(readBatonVersion());
    return 0;
  }
  if (first?.startsWith("-"))
    return printUsage(io, { command: "baton", usage, problem: `unknown option '${first}'` });
  const name = first ?? DEFAULT_COMMAND;
  const command = commands.find((c) => c.name === name);
  if (!command) return printUsage(io, { command: "baton", usage, problem: `unknown command '${name}'` });
  if (asksForHelp(rest)) return printUsage(io, { command: `baton ${name}`, usage: command.usage });
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof BatonError) {
      io.stderr(`baton ${name}: ${error.message}`);
      return 1;
    }
    // A bug, not something the user typed: one line, and the stack only when asked for.
    const showStack = STACK_LOG_LEVELS.has(io.env.LOG_LEVEL ?? "");
    io.stderr(
      showStack
        ? `baton ${name}: ${(error as Error).stack ?? String(error)}`
        : `baton ${name}: unexpected error: ${summarizeError(error)} (LOG_LEVEL=debug shows where)`,
    );
    return 1;
  }
}

/** `baton help [command]`. */
function runHelp(args: string[], io: CliIo, commands: readonly CliCommand[], usage: string): number {
  const [name] = args;
  if (name === undefined) return printUsage(io, { command: "baton", usage });
  const command = commands.find((c) => c.name === name);
  if (!command) return printUsage(io, { command: "baton help", usage, problem: `unknown command '${name}'` });
  return printUsage(io, { command: `baton ${name}`, usage: command.usage });
}

/** `--help` anywhere before `--` (after it, it is a positional argument). */
function asksForHelp(args: string[]): boolean {
  const end = args.indexOf("--");
  return (end === -1 ? args : args.slice(0, end)).some((arg) => HELP_FLAGS.has(arg));
}

export function batonUsage(commands: readonly CliCommand[]): string {
  const width = Math.max(...commands.map((c) => c.name.length)) + 2;
  return [
    "Usage: baton <command> [options]",
    "",
    "Commands:",
    ...commands.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    "",
    "`baton <command> --help` shows a command's options; `baton --version` prints the version.",
  ].join("\n");
}

/** @baton/server's version: package.json sits two folders up from both src/cli and dist/cli. */
export function readBatonVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
  return String(manifest.version);
}
