/**
 * What the scripted model does in one answer:
 * - `exec`: calls `exec_command` with `cmd` (the CLI runs it in its sandbox; a command still running
 *   after `yieldTimeMs` comes back as a session the model can poll with `poll`);
 * - `poll`: calls `write_stdin` for a running command's session (`chars` is sent to its stdin);
 * - `patch`: edits files with an `apply_patch` patch (`*** Begin Patch` … `*** End Patch`): as the
 *   freeform `apply_patch` tool when the request offers it (models the CLI knows), else as an
 *   `apply_patch <<'PATCH'` heredoc through `exec_command`, which the CLI intercepts;
 * - `text`: answers with a message, which ends the turn;
 * - `error`: an HTTP error with the Responses API's error body (`type` as the API names it:
 *   `insufficient_quota` for an account out of quota; by default from the status);
 * - `stall`: accepts the request and never answers (a model server that hangs).
 * Any answer may first stream a reasoning summary (`reasoning`).
 */
export type FakeModelAction =
  | { kind: "exec"; cmd: string; yieldTimeMs?: number; reasoning?: string }
  | { kind: "poll"; sessionId: number; chars?: string; yieldTimeMs?: number; reasoning?: string }
  | { kind: "patch"; patch: string; reasoning?: string }
  | { kind: "text"; text: string; reasoning?: string }
  | { kind: "error"; status: number; message: string; code?: string; type?: string }
  | { kind: "stall" };

/** A tool call's result as the CLI reports it in the next request's `input`. */
export interface FakeToolOutput {
  callId: string;
  /** `exec_command`, `write_stdin`, `apply_patch` (the call it answers, found in the history). */
  tool: string;
  /** The output text exactly as sent. */
  text: string;
  /** `Process exited with code N` (a command) or `Exit code: N` (a patch), when it finished. */
  exitCode?: number;
  /** `Process running with session ID N`, when it was still running. */
  sessionId?: number;
}

/** One `POST /responses` as the fake received it. */
export interface FakeModelRequest {
  /** 1-based count of model requests (every request, answered or refused). */
  index: number;
  model: string;
  /** The bearer token the client sent, if any. */
  apiKey: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body (`model`, `input`, `tools`, `stream`, …). */
  body: ResponsesRequestBody;
  /** Names of the tools offered, e.g. `exec_command`, `write_stdin`, `apply_patch`. */
  toolNames: string[];
  /** Whether `apply_patch` is offered as a freeform (custom) tool. */
  offersFreeformPatch: boolean;
  /** The user prompts in the history, oldest first. */
  userPrompts: string[];
  /** Every tool output in the history, oldest first. */
  toolOutputs: FakeToolOutput[];
  /** The newest tool output, if the last thing in the history is one. */
  lastToolOutput: FakeToolOutput | undefined;
  /** Arrival time in milliseconds since the epoch. */
  at: number;
}

export interface ResponsesRequestBody {
  model?: string;
  input?: ResponsesInputItem[];
  tools?: Array<{ type: string; name?: string }>;
  stream?: boolean;
  [key: string]: unknown;
}

export interface ResponsesInputItem {
  type?: string;
  role?: string;
  content?: unknown;
  call_id?: string;
  name?: string;
  output?: unknown;
  [key: string]: unknown;
}

/**
 * The model's answers in order (one per request), or a function of the request (which can read the
 * history: `lastToolOutput?.exitCode`). A list that runs out answers HTTP 500, so a test that
 * makes more model calls than it scripted fails loudly.
 */
export type FakeModelScript =
  | ReadonlyArray<FakeModelAction | ((request: FakeModelRequest) => FakeModelAction)>
  | ((request: FakeModelRequest) => FakeModelAction | Promise<FakeModelAction>);
