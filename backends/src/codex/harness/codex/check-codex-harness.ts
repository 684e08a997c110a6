import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { errorMessage } from "@baton/core";
import type { HarnessCheck, SandboxedCommandOptions, SandboxedCommandResult } from "../coding-harness.js";
import type { CodexBinaryResolution } from "./resolve-codex-binary.js";

const CHECK_TIMEOUT_MS = 15_000;
const MAX_REASON_CHARS = 400;

export const SANDBOX_FIX =
  "Codex's Linux sandbox (bubblewrap with seccomp) needs unprivileged user namespaces. Allow them: " +
  "`sysctl -w kernel.unprivileged_userns_clone=1` (Debian), `sysctl -w kernel.apparmor_restrict_unprivileged_userns=0` " +
  "(Ubuntu 23.10 and later); in a container, run it with `--security-opt seccomp=unconfined --security-opt apparmor=unconfined` " +
  "(or a seccomp profile that allows user namespaces). Baton never runs the agent's commands without the sandbox.";

// Writes inside the workspace, and must fail to write beside it: a sandbox that lets the second
// write through is not one.
const PROBE_SCRIPT = "echo baton > probe && cat probe && ! (echo escaped > ../outside) 2>/dev/null";

/**
 * The binary runs (its version), and its sandbox works here: a command in it can write its
 * workspace and cannot write outside it.
 */
export async function checkCodexHarness(deps: {
  resolution: CodexBinaryResolution;
  tempRoot: string;
  runSandboxed: (
    command: string[],
    options: SandboxedCommandOptions,
    signal: AbortSignal,
  ) => Promise<SandboxedCommandResult>;
  signal: AbortSignal;
}): Promise<HarnessCheck> {
  if (!deps.resolution.ok) return { ok: false, reason: deps.resolution.reason, fix: deps.resolution.fix };
  let version: string;
  try {
    const { stdout } = await promisify(execFile)(deps.resolution.binary.executable, ["--version"], {
      timeout: CHECK_TIMEOUT_MS,
      signal: deps.signal,
    });
    version = stdout.trim();
  } catch (error) {
    return {
      ok: false,
      reason: `the Codex CLI does not run: ${errorMessage(error)}`,
      fix: "Reinstall with `npm ci`; the CLI ships inside @openai/codex's platform package.",
    };
  }
  await mkdir(deps.tempRoot, { recursive: true });
  const probeRoot = await mkdtemp(join(deps.tempRoot, "check-"));
  const workspace = join(probeRoot, "workspace");
  try {
    await mkdir(workspace);
    const result = await deps.runSandboxed(
      ["sh", "-c", PROBE_SCRIPT],
      { cwd: workspace, writableRoots: [], network: false, timeoutMs: CHECK_TIMEOUT_MS },
      deps.signal,
    );
    if (result.exitCode === 0 && result.output.includes("baton")) return { ok: true, version };
    const detail = result.output.trim().slice(0, MAX_REASON_CHARS) || `exit code ${result.exitCode}`;
    return {
      ok: false,
      reason: `the Codex sandbox does not work on this machine (${detail})`,
      fix: SANDBOX_FIX,
    };
  } finally {
    await rm(probeRoot, { recursive: true, force: true });
  }
}
