import { setTimeout as sleep } from "node:timers/promises";
import type { SessionEventLog } from "./create-session-event-log.js";
import { defaultAgentScript } from "./default-agent-script.js";
import { endFakePrompt } from "./end-fake-prompt.js";
import type { FakeAgentScript, FakeRemoteMessage, FakeRemoteSession } from "./fake-control-plane-types.js";
import { type FakeAgentWaiters, type FakeStepOutcome, runFakeAgentStep } from "./run-fake-agent-step.js";

/** The fake agent's pause between two steps, so that followers see a prompt in progress. */
export const FAKE_AGENT_STEP_DELAY_MS = 10;

export type FakeAgent = ReturnType<typeof createFakeAgent>;

/**
 * The fake control plane's agent: a session's pending prompts run one at a time, in the order they
 * were queued, each through the script, every step an event. Only sessions the control plane holds
 * run (`isHeld`); while a sandbox error is set, none starts.
 */
export function createFakeAgent({
  broadcast,
  log,
  isHeld,
}: {
  broadcast(session: FakeRemoteSession, message: Record<string, unknown>): void;
  log: SessionEventLog;
  isHeld(sessionId: string): boolean;
}) {
  const waiters: FakeAgentWaiters = { stop: new Map(), release: new Map() };
  const running = new Set<string>();
  let script: FakeAgentScript = defaultAgentScript;
  let sandboxError: string | undefined;
  let closed = false;

  async function runPrompt(session: FakeRemoteSession, message: FakeRemoteMessage) {
    message.status = "processing";
    message.startedAt = new Date().toISOString();
    log.record(session, "user_message", { content: message.content }, message.id);
    let outcome: FakeStepOutcome = "next";
    for (const step of script(message, session)) {
      await sleep(FAKE_AGENT_STEP_DELAY_MS);
      if (closed) return;
      outcome = await runFakeAgentStep({ waiters, log }, session, message, step);
      if (outcome !== "next") break;
    }
    endFakePrompt(log, session, message, outcome);
  }

  /** Runs the session's pending prompts in order; one runner per session at a time. */
  async function drain(session: FakeRemoteSession) {
    if (running.has(session.id) || !isHeld(session.id)) return;
    if (sandboxError !== undefined) {
      // The sandbox cannot start: the reason is broadcast and kept, and the prompt stays pending.
      session.spawnError = sandboxError;
      broadcast(session, { type: "sandbox_error", error: sandboxError });
      return;
    }
    session.spawnError = null;
    running.add(session.id);
    try {
      for (let next = pending(session)[0]; next && !closed; next = pending(session)[0])
        await runPrompt(session, next);
    } finally {
      running.delete(session.id);
    }
  }

  return {
    drain,
    setScript(next: FakeAgentScript) {
      script = next;
    },
    setSandboxError(reason: string | undefined) {
      sandboxError = reason;
    },
    /** Ends a `waitForStop` step of the session, if one waits. */
    stop(sessionId: string) {
      waiters.stop.get(sessionId)?.();
      waiters.stop.delete(sessionId);
    },
    /** Lets a `waitForRelease` step of the session go on; false when none waits. */
    release(sessionId: string): boolean {
      const release = waiters.release.get(sessionId);
      waiters.release.delete(sessionId);
      release?.();
      return release !== undefined;
    },
    close() {
      closed = true;
      for (const release of [...waiters.stop.values(), ...waiters.release.values()]) release();
    },
  };
}

const pending = (session: FakeRemoteSession) => session.messages.filter((m) => m.status === "pending");
