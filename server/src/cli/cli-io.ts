/** What a CLI command may touch: the environment and two output streams (tests capture them). */
export interface CliIo {
  env: Record<string, string | undefined>;
  stdout(line: string): void;
  stderr(line: string): void;
}
