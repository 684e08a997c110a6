import type { Logger } from "@baton/core";
import type { CodingHarness, HarnessCheck } from "../coding-harness.js";
import { checkCodexHarness } from "./check-codex-harness.js";
import type { ModelServer } from "./codex-turn-options.js";
import type { HarnessThreadStore } from "./harness-thread-store.js";
import { type CodexBinary, resolveCodexBinary } from "./resolve-codex-binary.js";
import { runCodexTurn, stoppedFailure } from "./run-codex-turn.js";
import { runSandboxedCommand } from "./run-sandboxed-command.js";

export const CODEX_HARNESS_NAME = "codex";
export const DEFAULT_COMMAND_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
export const DEFAULT_UNREACHABLE_GIVE_UP_MS = 30_000;
export const DEFAULT_KILL_GRACE_MS = 1_000;

export interface CodexHarnessOptions {
  /** Any server that speaks the Responses API (`OPENAI_BASE_URL`, `OPENAI_API_KEY`). */
  model: ModelServer;
  /** The CLI's home: under the worker's data dir (the CLI refuses to keep its helpers under /tmp). */
  codexHome: string;
  /** Where each turn's temp dir (its commands' TMPDIR and HOME) is made; outside every workspace. */
  tempRoot: string;
  /** Each session's thread, kept where every worker reaches it (`createRedisThreadStore`). */
  threadStore: HarnessThreadStore;
  logger: Logger;
  /** PATH of the agent's commands (the worker's PATH is fine: it holds no secret). */
  commandPath?: string;
  /** Defaults to the native CLI inside the pinned `@openai/codex`. */
  binary?: CodexBinary;
  /** How long the CLI may report "Reconnecting…" before the turn fails as unreachable. */
  unreachableGiveUpMs?: number;
  killGraceMs?: number;
}

/**
 * Baton's coding harness on OpenAI's Codex CLI, driven through `@openai/codex-sdk`: every command
 * runs in the CLI's sandbox (`workspace-write`, no approvals), with an environment of Baton's
 * choosing, and each session's thread resumes on whichever worker runs its next turn.
 *
 * @example
 * const harness = createCodexHarness({
 *   model: { baseUrl: "https://api.openai.com/v1", apiKey },
 *   codexHome: join(dataDir, "codex-home"),
 *   tempRoot: join(dataDir, "codex-tmp"),
 *   threadStore: createRedisThreadStore({ redis, keys }),
 *   logger,
 * });
 * for await (const event of harness.runTurn(turn, signal)) console.log(event.type);
 */
export function createCodexHarness({
  model,
  codexHome,
  tempRoot,
  threadStore,
  logger,
  commandPath = DEFAULT_COMMAND_PATH,
  binary,
  unreachableGiveUpMs = DEFAULT_UNREACHABLE_GIVE_UP_MS,
  killGraceMs = DEFAULT_KILL_GRACE_MS,
}: CodexHarnessOptions): CodingHarness {
  const log = logger.child({ component: "backends.codex.harness" });
  const resolution = binary ? { ok: true as const, binary } : resolveCodexBinary();
  const sandboxedDeps = (found: CodexBinary) => ({
    binary: found,
    codexHome,
    tempRoot,
    commandPath,
    killGraceMs,
  });
  let passedCheck: Promise<HarnessCheck> | undefined;

  const harness: CodingHarness = {
    name: CODEX_HARNESS_NAME,
    check(signal) {
      return checkCodexHarness({ resolution, tempRoot, runSandboxed: harness.runSandboxed, signal });
    },
    async *runTurn(input, signal) {
      // The sandbox is checked once per process before the first turn: never run commands without
      // it. Every turn that arrives meanwhile waits for the same check, so it runs under a signal of
      // its own (its calls have their own time limits): under the first turn's, that turn's stop
      // would fail the check for all of them. A turn stopped while it waits stops waiting.
      passedCheck ??= harness.check(new AbortController().signal);
      const check = await unlessAborted(passedCheck, signal);
      if (!check) {
        yield { type: "failed", ...stoppedFailure("aborted", input.deadlineMs) };
        return;
      }
      if (!check.ok || !resolution.ok) {
        passedCheck = undefined;
        const message = check.ok
          ? "The Codex CLI is missing."
          : `Baton cannot run the agent here: ${check.reason}.`;
        log.error("backends.codex.sandbox_unavailable", { reason: check.ok ? "binary" : check.reason });
        yield { type: "failed", reason: "sandbox", message };
        return;
      }
      const deps = {
        ...sandboxedDeps(resolution.binary),
        model,
        threadStore,
        logger: log,
        unreachableGiveUpMs,
      };
      yield* runCodexTurn(deps, input, signal);
    },
    async runSandboxed(command, options, signal) {
      if (!resolution.ok)
        return { exitCode: null, output: `${resolution.reason}. ${resolution.fix}`, timedOut: false };
      return runSandboxedCommand(sandboxedDeps(resolution.binary), command, options, signal);
    },
    forget(sessionId) {
      return threadStore.remove(sessionId);
    },
  };
  return harness;
}

/** What `promise` settles to, or undefined as soon as `signal` aborts (at once if it has). */
function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  if (signal.aborted) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(undefined);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
