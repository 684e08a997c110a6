/** How much of a command's output one transcript step keeps (the share page folds it; redaction runs on it). */
export const COMMAND_OUTPUT_MAX_CHARS = 8_000;
/** How much of a turn's patch the transcript keeps: enough to review, not a whole vendored tree. */
export const TURN_PATCH_MAX_CHARS = 60_000;
/** A command longer than this is cut in progress lines (the transcript keeps it whole). */
export const PROGRESS_COMMAND_MAX_CHARS = 80;
/** `.baton/setup.sh` may take this long before it is ended and reported as a warning. */
export const SETUP_SCRIPT_TIMEOUT_MS = 10 * 60_000;
/** Where a repository keeps its setup script, relative to its root. */
export const SETUP_SCRIPT_PATH = ".baton/setup.sh";
