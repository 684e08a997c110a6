import { access } from "node:fs/promises";
import { join } from "node:path";
import type { AgentEvent } from "@baton/core";
import { capText } from "./cap-text.js";
import { COMMAND_OUTPUT_MAX_CHARS, SETUP_SCRIPT_PATH, SETUP_SCRIPT_TIMEOUT_MS } from "./codex-limits.js";
import type { CodingHarness } from "./harness/coding-harness.js";
import type { SessionWorkspace } from "./workspace/session-workspace.js";
import { snapshotWorktree } from "./workspace/snapshot-worktree.js";

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/**
 * Runs each repository's `.baton/setup.sh` (when it has one) in the sandbox, in the repository's
 * directory, once: when its workspace has just been made. A setup that fails or runs out of time
 * is a warning line the result carries, never the end of the turn: the agent may still manage,
 * and the person learns why the tests would not run. Each repository whose setup ran gets its
 * `baseline`, the worktree after the setup, which the turn's diff and commit start from.
 */
export async function* runSetupScripts({
  harness,
  workspace,
  network,
  signal,
  timeoutMs = SETUP_SCRIPT_TIMEOUT_MS,
}: {
  harness: Pick<CodingHarness, "runSandboxed">;
  workspace: SessionWorkspace;
  network: boolean;
  signal: AbortSignal;
  timeoutMs?: number;
}): AsyncGenerator<AgentEvent, string[]> {
  const warnings: string[] = [];
  for (const repository of workspace.repositories) {
    if (!(await exists(join(repository.dir, SETUP_SCRIPT_PATH)))) continue;
    const where = workspace.repositories.length > 1 ? ` in ${repository.repo}` : "";
    yield { type: "status", message: `Running \`${SETUP_SCRIPT_PATH}\`${where}` };
    const ran = await harness.runSandboxed(
      ["bash", SETUP_SCRIPT_PATH],
      { cwd: repository.dir, writableRoots: workspace.writableRoots, network, timeoutMs },
      signal,
    );
    if (signal.aborted) return warnings;
    // Whatever the setup wrote is not the agent's work: the turn's diff and commit start here.
    repository.baseline = await snapshotWorktree(repository, signal);
    const verdict = ran.timedOut ? "timed out" : `exit ${ran.exitCode ?? "killed"}`;
    yield {
      type: "tool",
      name: "setup",
      input: `${SETUP_SCRIPT_PATH}${where}`,
      output: `${capText(ran.output, COMMAND_OUTPUT_MAX_CHARS)}\n[${verdict}]`.trimStart(),
    };
    if (ran.exitCode !== 0 || ran.timedOut) {
      const warning = `⚠️ \`${SETUP_SCRIPT_PATH}\`${where} failed (${verdict}); the agent went on without it.`;
      warnings.push(warning);
      yield { type: "status", message: warning };
    }
  }
  return warnings;
}
