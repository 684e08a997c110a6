import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
import type { SandboxedCommandOptions, SandboxedCommandResult } from "../coding-harness.js";
import { createCappedOutput } from "./capped-output.js";
import { CODEX_TURN_MARKER_VARIABLE } from "./codex-turn-options.js";
import { killTurnProcesses } from "./kill-turn-processes.js";
import type { CodexBinary } from "./resolve-codex-binary.js";

export const MAX_SANDBOXED_OUTPUT_BYTES = 64 * 1024;
const PERMISSION_PROFILE = "baton_sandboxed";

export interface SandboxedCommandDeps {
  binary: CodexBinary;
  codexHome: string;
  tempRoot: string;
  commandPath: string;
  killGraceMs: number;
}

/**
 * Runs one command under the CLI's own sandbox (`codex sandbox`, the same bubblewrap and seccomp
 * policy as the agent's commands), with a permission profile of Baton's: the whole file system
 * readable, writes only in `cwd`, the writable roots and a temp dir of its own, network only when
 * asked. The command gets a bare environment (PATH, HOME and TMPDIR pointing at its temp dir).
 */
export async function runSandboxedCommand(
  deps: SandboxedCommandDeps,
  command: string[],
  options: SandboxedCommandOptions,
  signal: AbortSignal,
): Promise<SandboxedCommandResult> {
  await mkdir(deps.tempRoot, { recursive: true });
  await mkdir(deps.codexHome, { recursive: true });
  const tempDir = await mkdtemp(join(deps.tempRoot, "sandboxed-"));
  const marker = randomUUID();
  const writable = [...options.writableRoots, tempDir].map((root) => `${JSON.stringify(root)}="write"`);
  const filesystem = `{":root"="read", ":project_roots"={"."="write"}, ${writable.join(", ")}}`;
  const args = [
    "sandbox",
    "-c",
    `permissions.${PERMISSION_PROFILE}.filesystem=${filesystem}`,
    "-c",
    `permissions.${PERMISSION_PROFILE}.network.enabled=${options.network}`,
    "-P",
    PERMISSION_PROFILE,
    "-C",
    options.cwd,
    "--",
    ...command,
  ];
  const env = {
    PATH: [...deps.binary.pathDirs, deps.commandPath].join(":"),
    HOME: tempDir,
    TMPDIR: tempDir,
    CODEX_HOME: deps.codexHome,
    [CODEX_TURN_MARKER_VARIABLE]: marker,
  };
  try {
    return await runToExit(deps, args, env, { marker, timeoutMs: options.timeoutMs, signal });
  } finally {
    await rm(tempDir, { recursive: true, force: true });
  }
}

function runToExit(
  deps: SandboxedCommandDeps,
  args: string[],
  env: Record<string, string>,
  run: { marker: string; timeoutMs: number; signal: AbortSignal },
): Promise<SandboxedCommandResult> {
  return new Promise((resolve) => {
    const output = createCappedOutput(MAX_SANDBOXED_OUTPUT_BYTES);
    const child = spawn(deps.binary.executable, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
    let timedOut = false;
    let killed = false;
    const kill = () => {
      if (killed) return;
      killed = true;
      void killTurnProcesses(CODEX_TURN_MARKER_VARIABLE, run.marker, "SIGTERM");
      setTimeout(
        () => void killTurnProcesses(CODEX_TURN_MARKER_VARIABLE, run.marker, "SIGKILL"),
        deps.killGraceMs,
      ).unref();
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, run.timeoutMs);
    if (run.signal.aborted) kill();
    else run.signal.addEventListener("abort", kill, { once: true });
    const finish = (exitCode: number | null, extra = "") => {
      clearTimeout(timer);
      run.signal.removeEventListener("abort", kill);
      resolve({ exitCode: killed ? null : exitCode, output: `${output.text()}${extra}`, timedOut });
    };
    child.once("error", (error) => finish(null, `\n${error.message}`));
    child.once("close", (code) => finish(code));
  });
}
