import type { AgentEvent, Logger, Platform } from "@baton/core";
import type { ActorRef, OpenInspectClient } from "./create-openinspect-client.js";
import { createPromptProgress } from "./create-prompt-progress.js";
import { createdAtMs, MESSAGE_MATCH_CLOCK_SLACK_MS } from "./find-queued-message.js";
import { followPrompt } from "./follow-prompt.js";
import { mapRemoteArtifact } from "./map-remote-artifact.js";
import type { SessionEventStream } from "./open-session-event-stream.js";
import type { SentPrompt } from "./send-turn-prompt.js";

const NO_ANSWER_SUMMARY = "Open-Inspect finished without a written answer.";

/**
 * Follows a queued prompt to its end and reports it: tool calls as progress, artifacts (from its
 * events and from `/artifacts` within its time span), then `done` with the last text, or `error`.
 */
export async function* reportPromptResult({
  client,
  prompt,
  stream,
  actor,
  signal,
  pollIntervalMs,
  logger,
}: {
  client: OpenInspectClient;
  prompt: SentPrompt;
  stream?: SessionEventStream;
  actor: ActorRef & { platform: Platform };
  signal: AbortSignal;
  pollIntervalMs?: number;
  logger: Logger;
}): AsyncGenerator<AgentEvent> {
  const { remoteSessionId, messageId } = prompt;
  const progress = createPromptProgress();
  const events = followPrompt({
    stream,
    client,
    sessionId: remoteSessionId,
    messageId,
    actor,
    signal,
    pollIntervalMs,
    logger,
  });
  for await (const event of events) yield* progress.apply(event);
  if (signal.aborted || !progress.end) return;

  const listed = await client.listArtifacts(remoteSessionId, actor, signal);
  if (listed.ok) {
    const since = prompt.sentAt - MESSAGE_MATCH_CLOCK_SLACK_MS;
    for (const remote of listed.value.artifacts) {
      const artifact = createdAtMs(remote) >= since ? mapRemoteArtifact(remote) : undefined;
      if (artifact) yield* progress.addArtifact(artifact);
    }
  }
  if (!progress.end.success) {
    yield { type: "error", message: progress.end.error, retryable: false };
    return;
  }
  yield { type: "done", summary: [...prompt.notes, progress.answer || NO_ANSWER_SUMMARY].join("\n\n") };
}
