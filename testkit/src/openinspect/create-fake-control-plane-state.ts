import { createFakeAgent } from "./create-fake-agent.js";
import { createFakeSession } from "./create-fake-session.js";
import { createSessionEventLog } from "./create-session-event-log.js";
import type { FakeAgentScript, FakeRemoteMessage, FakeRemoteSession } from "./fake-control-plane-types.js";

/** Unfinished prompts a session holds before it answers 429 `PROMPT_QUEUE_FULL`. */
export const FAKE_PROMPT_QUEUE_LIMIT = 10;

export type FakeControlPlaneState = ReturnType<typeof createFakeControlPlaneState>;

/**
 * The sessions of the fake control plane, their prompts and events, and its agent
 * (`createFakeAgent`). A session the control plane does not hold still takes prompts (as the real
 * one does); they never run.
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
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_${String(++counter).padStart(6, "0")}`;
  const log = createSessionEventLog({ broadcast, nextId });
  const agent = createFakeAgent({ broadcast, log, isHeld: (id) => sessions.has(id) });

  return {
    sessions,
    setScript(next: FakeAgentScript) {
      agent.setScript(next);
    },
    /** While set, no sandbox starts: each attempt reports this reason. */
    setSandboxError(reason: string | undefined) {
      agent.setSandboxError(reason);
    },
    createSession(body: Record<string, unknown>, actor: string, service: string): FakeRemoteSession {
      const session = createFakeSession(nextId("sess"), body, actor, service);
      sessions.set(session.id, session);
      return session;
    },
    /** The session of an id, or an empty stand-in for one the control plane does not hold. */
    sessionOrStandIn(id: string): FakeRemoteSession {
      const held = sessions.get(id);
      if (held) return held;
      const standIn = unknown.get(id) ?? createFakeSession(id, {}, "", "");
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
      const createdAt = new Date().toISOString();
      const message: FakeRemoteMessage = { ...input, id: nextId("msg"), status: "pending", createdAt };
      session.messages.push(message);
      void agent.drain(session);
      return message;
    },
    /** The WebSocket's `cancel_prompt`: only a pending prompt can be cancelled. */
    cancelPrompt(session: FakeRemoteSession, messageId: string): boolean {
      const message = session.messages.find((m) => m.id === messageId);
      if (message?.status !== "pending") return false;
      message.status = "failed";
      message.completedAt = new Date().toISOString();
      return true;
    },
    /** Fails the running prompt only; the queued ones run after it. */
    stop(session: FakeRemoteSession) {
      session.stops += 1;
      agent.stop(session.id);
    },
    /** Starts the pending prompts again (a sandbox that can start now). */
    retry(session: FakeRemoteSession) {
      void agent.drain(session);
    },
    /** Lets a prompt waiting at a `waitForRelease` step go on; false when none waits. */
    release: agent.release,
    close: agent.close,
  };
}

export { flattenEvent } from "./create-session-event-log.js";
