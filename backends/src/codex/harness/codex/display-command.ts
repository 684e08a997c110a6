// The CLI wraps each command in a login shell, single-quoted unless the command holds a single
// quote, then double-quoted with `"`, `\`, `$` and backticks escaped.
const SINGLE_QUOTED = /^\/bin\/(?:ba)?sh -l?c '((?:[^']|'\\'')*)'$/s;
const DOUBLE_QUOTED = /^\/bin\/(?:ba)?sh -l?c "((?:[^"\\]|\\.)*)"$/s;

/**
 * The command as the agent wrote it: the CLI reports `/bin/bash -lc '<command>'`, which is noise in
 * "Running `npm test` → exit 1".
 */
export function displayCommand(command: string): string {
  const single = SINGLE_QUOTED.exec(command);
  if (single?.[1] !== undefined) return single[1].replaceAll("'\\''", "'");
  const double = DOUBLE_QUOTED.exec(command);
  if (double?.[1] !== undefined) return double[1].replace(/\\([\\"$`])/g, "$1");
  return command;
}
