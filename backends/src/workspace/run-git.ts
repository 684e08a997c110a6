import { spawn } from "node:child_process";

export interface RunGitOptions {
  /** The git executable (a path, or `git` from PATH). */
  git: string;
  args: readonly string[];
  cwd?: string;
  /** Extra environment (credentials as `GIT_CONFIG_*`, never on the command line). */
  env?: Record<string, string>;
  signal: AbortSignal;
  timeoutMs: number;
  /** Output past this many bytes is dropped and the command stopped: tools stay bounded. */
  maxOutputBytes?: number;
}

export interface GitResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** True when the output was cut at `maxOutputBytes`. */
  truncated: boolean;
}

const DEFAULT_MAX_OUTPUT_BYTES = 4 * 1024 * 1024;

// git gets only what it needs from the worker's environment (where to find programs and the
// operator's git, ssh and proxy settings): Baton's own secrets stay out of it and of anything it
// starts.
const INHERITED_VARIABLES = [
  "PATH",
  "HOME",
  "USER",
  "TMPDIR",
  "SSH_AUTH_SOCK",
  "GIT_SSH",
  "GIT_SSH_COMMAND",
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "NO_PROXY",
  "http_proxy",
  "https_proxy",
  "no_proxy",
] as const;

function gitEnvironment(extra: Record<string, string> | undefined): Record<string, string> {
  const inherited = Object.fromEntries(
    INHERITED_VARIABLES.flatMap((name) =>
      process.env[name] === undefined ? [] : [[name, process.env[name]]],
    ),
  );
  return { ...inherited, GIT_TERMINAL_PROMPT: "0", LC_ALL: "C", ...extra };
}
const MAX_STDERR_BYTES = 16 * 1024;

/**
 * Runs git with an argument array (no shell), a timeout and the turn's AbortSignal: a stop kills
 * the process at once. Resolves with the exit code (git grep exits 1 for "no match"); rejects
 * only when git cannot start, times out or is aborted.
 */
export function runGit({
  git,
  args,
  cwd,
  env,
  signal,
  timeoutMs,
  maxOutputBytes = DEFAULT_MAX_OUTPUT_BYTES,
}: RunGitOptions): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason instanceof Error ? signal.reason : abortError());
      return;
    }
    const child = spawn(git, args, {
      cwd,
      env: gitEnvironment(env),
      stdio: ["ignore", "pipe", "pipe"],
      signal,
      timeout: timeoutMs,
      killSignal: "SIGKILL",
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    let errBytes = 0;
    let truncated = false;
    child.stdout.on("data", (chunk: Buffer) => {
      if (truncated) return;
      const room = maxOutputBytes - outBytes;
      if (chunk.length > room) {
        out.push(chunk.subarray(0, room));
        outBytes = maxOutputBytes;
        truncated = true;
        child.kill("SIGKILL");
        return;
      }
      out.push(chunk);
      outBytes += chunk.length;
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (errBytes >= MAX_STDERR_BYTES) return;
      err.push(chunk);
      errBytes += chunk.length;
    });
    child.on("error", (error) => reject(error));
    child.on("close", (code, killedBy) => {
      if (signal.aborted) {
        reject(abortError());
        return;
      }
      if (!truncated && code === null) {
        reject(
          new GitTimeoutError(
            `git ${args[0] ?? ""} was stopped (${killedBy ?? "killed"}) after ${timeoutMs} ms`,
          ),
        );
        return;
      }
      resolve({
        exitCode: code ?? 0,
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8"),
        truncated,
      });
    });
  });
}

/** git ran past its timeout. */
export class GitTimeoutError extends Error {
  override name = "TimeoutError";
}

function abortError(): Error {
  const error = new Error("The operation was aborted");
  error.name = "AbortError";
  return error;
}
