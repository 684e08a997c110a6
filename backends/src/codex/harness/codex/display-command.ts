const SHELL_WRAPPER = /^\/bin\/(?:ba)?sh -l?c '((?:[^']|'\\'')*)'$/s;

/**
 * The command as the agent wrote it: the CLI reports `/bin/bash -lc '<command>'`, which is noise in
 * "Running `npm test` → exit 1".
 */
export function displayCommand(command: string): string {
  const wrapped = SHELL_WRAPPER.exec(command);
  return wrapped?.[1] ? wrapped[1].replaceAll("'\\''", "'") : command;
}
