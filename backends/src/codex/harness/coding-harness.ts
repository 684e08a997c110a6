/**
 * The small interface between Baton's coding backend and the agent harness that does the work (the
 * Codex CLI today). A second harness (the Claude Agent SDK, OpenCode) is one more folder beside
 * `codex/` implementing this, not a change to the backend.
 */

/** One turn of a session, as the backend hands it to the harness. */
export interface HarnessTurnInput {
  /** The Baton session: the harness keeps and restores its own thread state per session. */
  sessionId: string;
  /** The session workspace's root: the agent's working directory. */
  workingDirectory: string;
  /** Other directories commands may write (beside the working directory and the turn's temp dir). */
  writableRoots: string[];
  /** The catalog's `agent: { network: true }`; commands get no network (loopback included) otherwise. */
  network: boolean;
  model: string;
  prompt: string;
  /** Baton's own limit for the turn; the harness ends itself (and every process it started) after it. */
  deadlineMs: number;
}

export type HarnessCommandStatus = "running" | "completed" | "failed" | "declined";
export type HarnessFileChangeKind = "add" | "update" | "delete";

export type HarnessFailureReason =
  | "auth"
  | "unknown_model"
  | "model_unreachable"
  | "quota"
  | "timeout"
  | "aborted"
  | "sandbox"
  | "harness";

/**
 * What the harness reports while a turn runs, in order. A turn ends with exactly one `completed`
 * or `failed`. Paths in `file_change` are relative to the working directory.
 */
export type HarnessEvent =
  | {
      type: "command";
      id: string;
      command: string;
      status: HarnessCommandStatus;
      exitCode?: number;
      /** Stdout and stderr together, as the harness captured them (not redacted, not capped). */
      output?: string;
    }
  | { type: "file_change"; id: string; changes: Array<{ path: string; kind: HarnessFileChangeKind }> }
  | { type: "plan"; items: Array<{ text: string; completed: boolean }> }
  | { type: "reasoning"; text: string }
  | { type: "message"; text: string }
  | { type: "warning"; message: string }
  | { type: "usage"; inputTokens: number; outputTokens: number; cachedInputTokens?: number }
  | { type: "completed"; finalMessage: string }
  | { type: "failed"; reason: HarnessFailureReason; message: string };

/** `check()`: whether the harness can run here, and if not, how to fix it. */
export type HarnessCheck = { ok: true; version: string } | { ok: false; reason: string; fix: string };

export interface SandboxedCommandOptions {
  cwd: string;
  /** Directories the command may write besides `cwd`. */
  writableRoots: string[];
  network: boolean;
  timeoutMs: number;
}

export interface SandboxedCommandResult {
  /** `null` when the command was killed (timeout, abort) or could not start. */
  exitCode: number | null;
  /** Stdout and stderr together, capped (the start and the end are kept). */
  output: string;
  timedOut: boolean;
}

export interface CodingHarness {
  readonly name: string;
  /** Startup and `doctor` check: the binary runs and its sandbox works on this machine. */
  check(signal: AbortSignal): Promise<HarnessCheck>;
  /** Runs one turn; aborting `signal` ends the harness and every process it started. */
  runTurn(input: HarnessTurnInput, signal: AbortSignal): AsyncIterable<HarnessEvent>;
  /** Runs one command in the same sandbox as the agent's commands (for `.baton/setup.sh`). */
  runSandboxed(
    command: string[],
    options: SandboxedCommandOptions,
    signal: AbortSignal,
  ): Promise<SandboxedCommandResult>;
  /** Forgets a session's thread state (session ended or expired). */
  forget(sessionId: string): Promise<void>;
}
