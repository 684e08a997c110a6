import type { CliIo } from "../contracts/platform-operations.js";

/** The exit code of a command line that cannot be run as typed. */
export const USAGE_EXIT_CODE = 2;

/**
 * Answers `--help` (usage on stdout, exit 0) or a command line that cannot run (one line saying
 * what was wrong, then the usage, on stderr, exit 2). Returns the exit code.
 */
export function printUsage(io: CliIo, { command, usage, problem }: PrintUsageOptions): number {
  if (problem === undefined) {
    io.stdout(usage);
    return 0;
  }
  io.stderr(`${command}: ${problem}\n\n${usage}`);
  return USAGE_EXIT_CODE;
}

export interface PrintUsageOptions {
  /** What the problem line starts with, e.g. "baton share". */
  command: string;
  usage: string;
  problem?: string | undefined;
}
