/** What the first word of a command's arguments asks for (`baton <platform> manifest …`). */
export type Subcommand<T extends string> =
  | { kind: "help" }
  | { kind: "unknown"; problem: string }
  | { kind: "subcommand"; name: T; rest: string[] };

const HELP_WORDS = new Set(["help", "--help", "-h"]);

/**
 * Splits `args` into its subcommand and the rest: none, `help`, `--help` or `-h` asks for the
 * usage; a word not in `known` is a usage problem worded the same for every command.
 *
 * @example
 * const sub = splitSubcommand(args, ["manifest"] as const);
 * if (sub.kind === "unknown") return printUsage(io, { command: "baton chat", usage, problem: sub.problem });
 */
export function splitSubcommand<T extends string>(
  args: readonly string[],
  known: readonly T[],
): Subcommand<T> {
  const [command, ...rest] = args;
  if (command === undefined || HELP_WORDS.has(command)) return { kind: "help" };
  if (!(known as readonly string[]).includes(command))
    return { kind: "unknown", problem: `unknown command "${command}".` };
  return { kind: "subcommand", name: command as T, rest };
}
