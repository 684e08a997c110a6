import type { SessionEventLog } from "./create-session-event-log.js";
import type { FakeAgentStep, FakeRemoteMessage, FakeRemoteSession } from "./fake-control-plane-types.js";

/** What a step leaves the prompt at: go on with the script, ended by its events, or stopped. */
export type FakeStepOutcome = "next" | "ended" | "stopped";

/** The agent's waits: per session, what lets a `waitForStop` or `waitForRelease` step go on. */
export interface FakeAgentWaiters {
  stop: Map<string, () => void>;
  release: Map<string, () => void>;
}

/** Does one scripted step of a prompt: records its event or artifact, or waits as it says. */
export async function runFakeAgentStep(
  { waiters, log }: { waiters: FakeAgentWaiters; log: SessionEventLog },
  session: FakeRemoteSession,
  message: FakeRemoteMessage,
  step: FakeAgentStep,
): Promise<FakeStepOutcome> {
  if ("waitForRelease" in step) {
    await new Promise<void>((resolve) => waiters.release.set(session.id, resolve));
    return "next";
  }
  if ("waitForStop" in step) {
    await new Promise<void>((resolve) => waiters.stop.set(session.id, resolve));
    return "stopped";
  }
  if ("artifact" in step) {
    log.recordArtifact(session, message.id, step.artifact);
    return "next";
  }
  log.record(session, step.event, step.data ?? {}, message.id);
  return step.event === "execution_complete" ? "ended" : "next";
}
