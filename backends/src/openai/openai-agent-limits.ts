/** Model calls one turn may make; the last one may not call tools, so that it answers. */
export const MAX_AGENT_STEPS_PER_TURN = 16;
/** Tokens (prompt + completion, as the API reports them) one turn may spend before it must answer. */
export const MAX_AGENT_TOKENS_PER_TURN = 200_000;
/** How long one model call may take. */
export const MODEL_CALL_TIMEOUT_MS = 120_000;
/** What a tool's answer may hold, for the model and for the transcript. */
export const MAX_TOOL_OUTPUT_CHARS = 12_000;
/** What the transcript keeps of a tool's answer (the model gets the whole bounded output). */
export const MAX_TRANSCRIPT_TOOL_OUTPUT_CHARS = 2_000;
/** How long one tool's git command may run. */
export const TOOL_TIMEOUT_MS = 20_000;
/** How long fetching one repository into the workspace cache may take. */
export const FETCH_TIMEOUT_MS = 180_000;
/** Commits fetched for each repository: enough for `git log` and `git blame` to say something. */
export const WORKSPACE_FETCH_DEPTH = 50;
/** Earlier turns are summarised once their text passes this size. */
export const MEMORY_SUMMARY_THRESHOLD_CHARS = 24_000;
/** The latest turns are kept word for word when the rest is summarised. */
export const MEMORY_RECENT_TURNS_KEPT = 2;
