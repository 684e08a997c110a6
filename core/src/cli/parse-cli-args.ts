import { type ParseArgsConfig, parseArgs } from "node:util";

type CliOptions = NonNullable<ParseArgsConfig["options"]>;

export type ParseCliArgsResult<T extends ParseArgsConfig> =
  | { kind: "parsed"; values: ReturnType<typeof parseArgs<T>>["values"]; positionals: string[] }
  | { kind: "usage"; problem: string };

/**
 * `node:util` parseArgs in strict mode, with what a person typed wrong as a value: one short line
 * ("unknown option '--bogus'") instead of a thrown TypeError and its stack.
 *
 * @example
 * const parsed = parseCliArgs({ args, options: { port: { type: "string" } } });
 * if (parsed.kind === "usage") return printUsage(io, { command: "baton x", usage, problem: parsed.problem });
 */
export function parseCliArgs<T extends { args: string[]; options: CliOptions; allowPositionals?: boolean }>(
  config: T,
): ParseCliArgsResult<T> {
  try {
    const { values, positionals } = parseArgs({ ...config, strict: true });
    return { kind: "parsed", values, positionals } as ParseCliArgsResult<T>;
  } catch (error) {
    return { kind: "usage", problem: describeParseError(error as Error) };
  }
}

/** Node's messages go on with advice about `--`; the first sentence is the part that helps. */
function describeParseError(error: Error): string {
  const first = error.message.split(/\.\s/)[0]?.replace(/\.$/, "") ?? error.message;
  return first.charAt(0).toLowerCase() + first.slice(1);
}
