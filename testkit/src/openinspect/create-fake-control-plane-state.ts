import { setTimeout as sleep } from "node:timers/promises";
import type {
  FakeAgentScript,
  FakeAgentStep,
  FakeRemoteEvent,
  FakeRemoteMessage,
  FakeRemoteSession,
} from "./fake-control-plane-types.js";

/** Unfinished prompts a session holds before it answers 429 `PROMPT_QUEUE_FULL`. */
export const FAKE_PROMPT_QUEUE_LIMIT = 10;
/** The fake agent's pause between two steps, so that followers see a prompt in progress. */
export const FAKE_AGENT_STEP_DELAY_MS = 10;

/** A tool call, a partial and a final answer, then success. */
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
 * in the order they were queued, each through the script, every step an event.
 */
export function createFakeControlPlaneState({
  onEvent,
}: {
  /** Each new event, as it is stored (the WebSocket pushes it to subscribers). */
  onEvent(session: FakeRemoteSession, event: FakeRemoteEvent): void;
}) {
  const sessions = new Map<string, FakeRemoteSession>();
  const stopWaiters = new Map<string, () => void>();
  const releaseWaiters = new Map<string, () => void>();
  const running = new Set<string>();
  let script: FakeAgentScript = defaultAgentScript;
  let counter = 0;
  let closed = false;
  const nextId = (prefix: string) => `${prefix}_${String(++counter).padStart(6, "0")}`;

  function emit(
    session: FakeRemoteSession,
    type: string,
    data: Record<string, unknown>,
    messageId: string | null,
  ) {
    const event: FakeRemoteEvent = {
      id: nextId("evt"),
      type,
      data,
      messageId,
      createdAt: new Date().toISOString(),
    };
    session.events.push(event);
    onEvent(session, event);
  }

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
      const artifact = { ...step.artifact, id: nextId("art"), createdAt: new Date().toISOString() };
      session.artifacts.push(artifact);
      emit(
        session,
        "artifact",
        {
          artifactType: artifact.type,
          url: artifact.url,
          artifactId: artifact.id,
          metadata: artifact.metadata,
        },
        message.id,
      );
      return "next" as const;
    }
    emit(session, step.event, step.data ?? {}, message.id);
    return step.event === "execution_complete" || step.event === "error"
      ? ("ended" as const)
      : ("next" as const);
  }

  async function runPrompt(session: FakeRemoteSession, message: FakeRemoteMessage) {
    message.status = "processing";
    message.startedAt = new Date().toISOString();
    emit(session, "user_message", { content: message.content }, message.id);
    let outcome: "next" | "ended" | "stopped" = "next";
    for (const step of script(message, session)) {
      await sleep(FAKE_AGENT_STEP_DELAY_MS);
      if (closed) return;
      outcome = await runStep(session, message, step);
      if (outcome !== "next") break;
    }
    if (outcome === "stopped")
      emit(session, "execution_complete", { success: false, error: "Stopped" }, message.id);
    else if (outcome === "next") emit(session, "execution_complete", { success: true }, message.id);
    const last = session.events.at(-1);
    message.status =
      last?.type === "execution_complete" && last.data.success === true ? "completed" : "failed";
    message.completedAt = new Date().toISOString();
  }

  /** Runs the session's pending prompts in order; one runner per session at a time. */
  async function drain(session: FakeRemoteSession) {
    if (running.has(session.id)) return;
    running.add(session.id);
    try {
      for (let next = pending(session)[0]; next && !closed; next = pending(session)[0])
        await runPrompt(session, next);
    } finally {
      running.delete(session.id);
    }
  }

  const pending = (session: FakeRemoteSession) => session.messages.filter((m) => m.status === "pending");

  return {
    sessions,
    setScript(next: FakeAgentScript) {
      script = next;
    },
    createSession(body: Record<string, unknown>, actor: string, service: string): FakeRemoteSession {
      const session: FakeRemoteSession = {
        id: nextId("sess"),
        body,
        actor,
        service,
        status: "active",
        messages: [],
        events: [],
        artifacts: [],
        stops: 0,
      };
      sessions.set(session.id, session);
      return session;
    },
    unfinished: (session: FakeRemoteSession) =>
      session.messages.filter((m) => m.status === "pending" || m.status === "processing").length,
    queuePrompt(session: FakeRemoteSession, input: Omit<FakeRemoteMessage, "id" | "status" | "createdAt">) {
      const message: FakeRemoteMessage = {
        ...input,
        id: nextId("msg"),
        status: "pending",
        createdAt: new Date().toISOString(),
      };
      session.messages.push(message);
      void drain(session);
      return message;
    },
    stop(session: FakeRemoteSession) {
      session.stops += 1;
      stopWaiters.get(session.id)?.();
      stopWaiters.delete(session.id);
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
