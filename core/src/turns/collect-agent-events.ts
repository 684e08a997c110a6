import { BatonError } from "../errors.js";
import type { AgentEvent, Artifact } from "../schemas/agent-event.js";

export type CollectedEvents =
  | { kind: "done"; summary: string; artifacts: Artifact[] }
  | { kind: "aborted"; artifacts: Artifact[] };

/**
 * Drains a backend's event stream: hands each event on, keeps the artifacts, and ends at `done`.
 * A backend `error` becomes a BatonError (retryable when the backend says so).
 */
export async function collectAgentEvents({
  events,
  signal,
  onEvent,
}: {
  events: AsyncIterable<AgentEvent>;
  signal: AbortSignal;
  onEvent: (event: AgentEvent) => Promise<void>;
}): Promise<CollectedEvents> {
  const artifacts: Artifact[] = [];
  const messages: string[] = [];
  for await (const event of events) {
    if (signal.aborted) return { kind: "aborted", artifacts };
    await onEvent(event);
    switch (event.type) {
      case "artifact":
        artifacts.push(event.artifact);
        break;
      case "message":
        messages.push(event.text);
        break;
      case "done":
        return { kind: "done", summary: event.summary || messages.join("\n\n"), artifacts };
      case "error":
        throw new BatonError(
          "backend_failed",
          `backend error: ${event.message}`,
          `The agent failed: ${event.message}`,
          event.retryable,
        );
      case "status":
      case "tool":
        break;
    }
  }
  if (signal.aborted) return { kind: "aborted", artifacts };
  throw new BatonError(
    "backend_failed",
    "backend ended without done",
    "The agent stopped without a result.",
    true,
  );
}
