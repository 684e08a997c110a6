import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Logger } from "@baton/core";
import { errorMessage } from "@baton/core";
import { Codex, type Thread, type ThreadEvent } from "@openai/codex-sdk";
import type { HarnessEvent, HarnessTurnInput } from "../coding-harness.js";
import {
  type ClassifiedFailure,
  classifyCodexFailure,
  unreachableFailure,
} from "./classify-codex-failure.js";
import { readRollout, restoreRollout } from "./codex-rollouts.js";
import { createTurnStopper, type TurnStopper, type TurnStopReason } from "./codex-turn-deadline.js";
import { buildCodexTurnOptions, CODEX_TURN_MARKER_VARIABLE, type ModelServer } from "./codex-turn-options.js";
import type { HarnessThreadStore } from "./harness-thread-store.js";
import { endTurnProcesses, killTurnProcesses } from "./kill-turn-processes.js";
import { mapThreadEvent } from "./map-thread-event.js";
import type { CodexBinary } from "./resolve-codex-binary.js";

export interface CodexTurnDeps {
  binary: CodexBinary;
  codexHome: string;
  tempRoot: string;
  model: ModelServer;
  commandPath: string;
  threadStore: HarnessThreadStore;
  logger: Logger;
  unreachableGiveUpMs: number;
  /** How long the CLI gets to exit on SIGTERM before its processes are killed. */
  killGraceMs: number;
}

/** Runs one turn of a session on the CLI: restore its thread, stream the events, keep the thread. */
export async function* runCodexTurn(
  deps: CodexTurnDeps,
  input: HarnessTurnInput,
  signal: AbortSignal,
): AsyncGenerator<HarnessEvent> {
  const log = deps.logger.child({ session_id: input.sessionId });
  const marker = randomUUID();
  await mkdir(deps.tempRoot, { recursive: true });
  await mkdir(deps.codexHome, { recursive: true });
  const tempDir = await mkdtemp(join(deps.tempRoot, "turn-"));
  // Each turn gets a CODEX_HOME of its own, deleted when it ends. The CLI keeps its threads there
  // (a rollout each, and databases of all of them): one home for every session of the worker
  // would keep each session's requests and commands' output for as long as the worker lives,
  // readable by every later session's commands. What the next turn needs is kept in Redis.
  const turnHome = await mkdtemp(join(deps.codexHome, "turn-"));
  const turnDeps = { ...deps, codexHome: turnHome };
  const stopper = createTurnStopper({
    signal,
    deadlineMs: input.deadlineMs,
    unreachableGiveUpMs: deps.unreachableGiveUpMs,
  });
  stopper.onStop((reason) => {
    log.info("backends.codex.turn_stopping", { reason });
    void killTurnProcesses(CODEX_TURN_MARKER_VARIABLE, marker, "SIGTERM");
    setTimeout(
      () => void killTurnProcesses(CODEX_TURN_MARKER_VARIABLE, marker, "SIGKILL"),
      deps.killGraceMs,
    ).unref();
  });
  let threadId: string | undefined;
  try {
    const restored = yield* restoreThread(turnDeps, input.sessionId, log);
    threadId = restored;
    const { codexOptions, threadOptions } = buildCodexTurnOptions({
      ...turnDeps,
      turn: input,
      tempDir,
      marker,
    });
    const codex = new Codex(codexOptions);
    const thread = threadId ? codex.resumeThread(threadId, threadOptions) : codex.startThread(threadOptions);
    yield* streamTurn(thread, input, stopper, (id) => {
      threadId = id;
    });
  } finally {
    stopper.dispose();
    // Whatever ended the turn, nothing it started outlives it: the backend commits next.
    await endTurnProcesses(CODEX_TURN_MARKER_VARIABLE, marker, deps.killGraceMs);
    if (threadId) await keepThread(turnDeps, input.sessionId, threadId, log);
    await rm(tempDir, { recursive: true, force: true });
    await rm(turnHome, { recursive: true, force: true });
  }
}

async function* streamTurn(
  thread: Thread,
  input: HarnessTurnInput,
  stopper: TurnStopper,
  onThreadId: (id: string) => void,
): AsyncGenerator<HarnessEvent> {
  let finalMessage = "";
  let failure: ClassifiedFailure | undefined;
  let completed = false;
  try {
    const { events } = await thread.runStreamed(input.prompt, { signal: stopper.signal });
    for await (const event of events) {
      noteReachability(event, stopper);
      if (event.type === "thread.started") onThreadId(event.thread_id);
      if (event.type === "turn.failed") failure ??= classifyCodexFailure(event.error.message, input.model);
      if (event.type === "item.completed" && event.item.type === "agent_message")
        finalMessage = event.item.text;
      yield* mapThreadEvent(event, input.workingDirectory);
      if (event.type === "turn.completed") completed = true;
    }
  } catch (error) {
    // After `turn.failed` (or a stop) the CLI exits non-zero; that exit says nothing new.
    if (!failure && !stopper.reason && !completed) {
      failure = classifyCodexFailure(errorMessage(error), input.model);
    }
  }
  if (stopper.reason) {
    yield { type: "failed", ...stoppedFailure(stopper.reason, input.deadlineMs) };
  } else if (failure) {
    yield { type: "failed", ...failure };
  } else if (completed) {
    yield { type: "completed", finalMessage };
  } else {
    yield {
      type: "failed",
      reason: "harness",
      message: "The coding agent ended without finishing its turn.",
    };
  }
}

function noteReachability(event: ThreadEvent, stopper: TurnStopper): void {
  if (event.type === "error" && /reconnecting/i.test(event.message)) stopper.modelUnreachable();
  else if (event.type !== "thread.started" && event.type !== "turn.started") stopper.modelAnswered();
}

/** What a turn stopped for `reason` reports. */
export function stoppedFailure(reason: TurnStopReason, deadlineMs: number): ClassifiedFailure {
  switch (reason) {
    case "aborted":
      return { reason, message: "The turn was stopped; the agent and every command it started have ended." };
    case "timeout":
      return {
        reason,
        message: `The turn ran over its time limit (${Math.round(deadlineMs / 1000)} s) and was stopped.`,
      };
    case "model_unreachable":
      return unreachableFailure();
  }
}

// Returns the thread to resume, after putting its rollout where the CLI reads it.
async function* restoreThread(
  deps: CodexTurnDeps,
  sessionId: string,
  log: Logger,
): AsyncGenerator<HarnessEvent, string | undefined> {
  try {
    const stored = await deps.threadStore.load(sessionId);
    if (!stored) return undefined;
    await restoreRollout(deps.codexHome, stored);
    return stored.threadId;
  } catch (error) {
    log.warn("backends.codex.thread_restore_failed", {
      error: errorMessage(error),
    });
    yield {
      type: "warning",
      message: "The agent's memory of earlier turns could not be restored; it starts afresh.",
    };
    return undefined;
  }
}

async function keepThread(
  deps: CodexTurnDeps,
  sessionId: string,
  threadId: string,
  log: Logger,
): Promise<void> {
  try {
    const rollout = await readRollout(deps.codexHome, threadId);
    if (!rollout) {
      log.warn("backends.codex.rollout_missing", { thread_id: threadId });
      return;
    }
    // Kept in Redis, where the session's next turn restores it from, on any worker.
    await deps.threadStore.save(sessionId, rollout);
  } catch (error) {
    log.warn("backends.codex.thread_save_failed", {
      thread_id: threadId,
      error: errorMessage(error),
    });
  }
}
