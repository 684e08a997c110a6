import type { CliIo } from "./cli-io.js";

/** One `baton <name>` command: what `baton --help` lists, its own usage, and how it runs. */
export interface CliCommand {
  name: string;
  /** One line for `baton --help`. */
  summary: string;
  /** What `baton <name> --help` prints (and a usage error prints after its one-line problem). */
  usage: string;
  /** Resolves with the exit code: 0 done, 1 something to fix, 2 bad usage. */
  run(args: string[], io: CliIo): Promise<number>;
}
