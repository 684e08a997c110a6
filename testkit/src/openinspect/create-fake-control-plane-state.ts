import { setTimeout as sleep } from "node:timers/promises";
import { createSessionEventLog } from "./create-session-event-log.js";
import type {
  FakeAgentScript,
  FakeAgentStep,
  FakeRemoteMessage,
  FakeRemoteSession,
} from "./fake-control-plane-types.js";

/** Unfinished prompts a session holds before it answers 429 `PROMPT_QUEUE_FULL`. */
export const FAKE_PROMPT_QUEUE_LIMIT = 10;
/** The fake agent's pause between two steps, so that followers see a prompt in progress. */
export const FAKE_AGENT_STEP_DELAY_MS = 10;
/** The models the fake knows (a few of the control plane's); any other becomes the default. */
export const FAKE_CONTROL_PLANE_MODELS = [
  "anthropic/claude-sonnet-4-6",
  "anthropic/claude-haiku-4-5",
  "openai/gpt-5.5",
] as const;
export const FAKE_CONTROL_PLANE_DEFAULT_MODEL = FAKE_CONTROL_PLANE_MODELS[0];

/** A tool call that grows from running to completed, an answer that grows, then success. */
export const defaultAgentScript: FakeAgentScript = (prompt) => [
  {
    event: "tool_call",
    data: { tool: "bash", args: { command: "ls" }, callId: "call_1", status: "running" },
  },
  {
    event: "tool_call",
    data: {
      tool: "bash",
      args: { command: "ls" },
      callId: "call_1",
      status: "completed",
      output: "README.md",
    },
  },
  { event: "token", data: { content: "Looking" } },
  { event: "token", data: { content: `Done: ${prompt.content}` } },
  { event: "execution_complete", data: { success: true } },
];

export type FakeControlPlaneState = ReturnType<typeof createFakeControlPlaneState>;

/**
 * The sessions of the fake control plane and its agent: each session's prompts run one at a time
 * in the order they were queued, each through the script, every step an event. A session the
 * control plane does not hold still takes prompts (as the real one does); they never run.
 */
export function createFakeControlPlaneState({
  broadcast,
}: {
  /** A message for the session's WebSocket subscribers (`sandbox_event`, `sandbox_error`, …). */
  broadcast(session: FakeRemoteSession, message: Record<string, unknown>): void;
}) {
  const sessions = new Map<string, FakeRemoteSession>();
  /** Sessions asked for by an id the control plane does not hold: they answer, and nothing runs. */
  const unknown = new Map<string, FakeRemoteSession>();
  const stopWaiters = new Map<string, () => void>();
  const releaseWaiters = new Map<string, () => void>();
  const running = new Set<string>();
  let script: FakeAgentScript = defaultAgentScript;
  let sandboxError: string | undefined;
  let counter = 0;
  let closed = false;
  const nextId = (prefix: string) => `${prefix}_${String(++counter).padStart(6, "0")}`;
  const now = () => new Date().toISOString();

  const log = createSessionEventLog({ broadcast, nextId });
  const record = log.record;

  async function runStep(session: FakeRemoteSession, message: FakeRemoteMessage, step: FakeAgentStep) {
    if ("waitForRelease" in step) {
      await new Promise<void>((resolve) => releaseWaiters.set(session.id, resolve));
      return "next" as const;
    }
    if ("waitForStop" in step) {
      await new Promise<void>((resolve) => stopWaiters.set(session.id, resolve));
      return "stopped" as const;
    }
    if ("artifact" in step) {
      log.recordArtifact(session, message.id, step.artifact);
      return "next" as const;
    }
    record(session, step.event, step.data ?? {}, message.id);
    return step.event === "execution_complete" ? ("ended" as const) : ("next" as const);
  }

  async function runPrompt(session: FakeRemoteSession, message: FakeRemoteMessage) {
    message.status = "processing";
    message.startedAt = now();
    record(session, "user_message", { content: message.content }, message.id);
    let outcome: "next" | "ended" | "stopped" = "next";
    for (const step of script(message, session)) {
      await sleep(FAKE_AGENT_STEP_DELAY_MS);
      if (closed) return;
      outcome = await runStep(session, message, step);
      if (outcome !== "next") break;
    }
    const failure = [...session.events]
      .reverse()
      .find((event) => event.messageId === message.id && event.type === "error");
    if (outcome === "stopped")
      record(session, "execution_complete", { success: false, error: "Stopped" }, message.id);
    else if (outcome === "next")
      record(
        session,
        "execution_complete",
        failure ? { success: false, error: failure.data.error ?? failure.data.message } : { success: true },
        message.id,
      );
    const end = session.events.find((event) => event.id === `execution_complete:${message.id}`);
    message.status = end?.data.success === true ? "completed" : "failed";
    message.completedAt = now();
  }

  /** Runs the session's pending prompts in order; one runner per session at a time. */
  async function drain(session: FakeRemoteSession) {
    if (running.has(session.id) || !sessions.has(session.id)) return;
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

  const pending = (session: FakeRemoteSession) => session.messages.filter((m) => m.status === "pending");

  function newSession(id: string, body: Record<string, unknown>, actor: string, service: string) {
    const asked = typeof body.model === "string" ? body.model : "";
    const known = FAKE_CONTROL_PLANE_MODELS.find((model) => model === asked || model.endsWith(`/${asked}`));
    return {
      id,
      body,
      actor,
      service,
      status: "active",
      model: known ?? FAKE_CONTROL_PLANE_DEFAULT_MODEL,
      spawnError: null,
      messages: [],
      events: [],
      artifacts: [],
      stops: 0,
    } satisfies FakeRemoteSession as FakeRemoteSession;
  }

  return {
    sessions,
    setScript(next: FakeAgentScript) {
      script = next;
    },
    /** While set, no sandbox starts: each attempt reports this reason. */
    setSandboxError(reason: string | undefined) {
      sandboxError = reason;
    },
    createSession(body: Record<string, unknown>, actor: string, service: string): FakeRemoteSession {
      const session = newSession(nextId("sess"), body, actor, service);
      sessions.set(session.id, session);
      return session;
    },
    /** The session of an id, or an empty stand-in for one the control plane does not hold. */
    sessionOrStandIn(id: string): FakeRemoteSession {
      const held = sessions.get(id);
      if (held) return held;
      const standIn = unknown.get(id) ?? newSession(id, {}, "", "");
      unknown.set(id, standIn);
      return standIn;
    },
    /** Drops a session, as a reset or deleted control plane would. */
    forget(id: string) {
      sessions.delete(id);
    },
    unfinished: (session: FakeRemoteSession) =>
      session.messages.filter((m) => m.status === "pending" || m.status === "processing").length,
    queuePrompt(session: FakeRemoteSession, input: Omit<FakeRemoteMessage, "id" | "status" | "createdAt">) {
      const message: FakeRemoteMessage = { ...input, id: nextId("msg"), status: "pending", createdAt: now() };
      session.messages.push(message);
      void drain(session);
      return message;
    },
    /** The WebSocket's `cancel_prompt`: only a pending prompt can be cancelled. */
    cancelPrompt(session: FakeRemoteSession, messageId: string): boolean {
      const message = session.messages.find((m) => m.id === messageId);
      if (message?.status !== "pending") return false;
      message.status = "failed";
      message.completedAt = now();
      return true;
    },
    /** Fails the running prompt only; the queued ones run after it. */
    stop(session: FakeRemoteSession) {
      session.stops += 1;
      stopWaiters.get(session.id)?.();
      stopWaiters.delete(session.id);
    },
    /** Starts the pending prompts again (a sandbox that can start now). */
    retry(session: FakeRemoteSession) {
      void drain(session);
    },
    /** Lets a prompt waiting at a `waitForRelease` step go on; false when none waits. */
    release(sessionId: string): boolean {
      const release = releaseWaiters.get(sessionId);
      releaseWaiters.delete(sessionId);
      release?.();
      return release !== undefined;
    },
    close() {
      closed = true;
      for (const release of [...stopWaiters.values(), ...releaseWaiters.values()]) release();
    },
  };
}

export { flattenEvent } from "./create-session-event-log.js";
