import type { SessionEventLog } from "./create-session-event-log.js";
import type { FakeRemoteMessage, FakeRemoteSession } from "./fake-control-plane-types.js";
import type { FakeStepOutcome } from "./run-fake-agent-step.js";

/**
 * Ends a prompt whose script is done: a stopped prompt fails ("Stopped"); one whose script had no
 * `execution_complete` gets one (failed after an `error` event, else successful). The prompt's
 * status follows its `execution_complete`.
 */
export function endFakePrompt(
  log: SessionEventLog,
  session: FakeRemoteSession,
  message: FakeRemoteMessage,
  outcome: FakeStepOutcome,
): void {
  const failure = [...session.events]
    .reverse()
    .find((event) => event.messageId === message.id && event.type === "error");
  if (outcome === "stopped")
    log.record(session, "execution_complete", { success: false, error: "Stopped" }, message.id);
  else if (outcome === "next")
    log.record(
      session,
      "execution_complete",
      failure ? { success: false, error: failure.data.error ?? failure.data.message } : { success: true },
      message.id,
    );
  const end = session.events.find((event) => event.id === `execution_complete:${message.id}`);
  message.status = end?.data.success === true ? "completed" : "failed";
  message.completedAt = new Date().toISOString();
}
