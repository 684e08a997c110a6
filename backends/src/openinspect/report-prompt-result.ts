import { type AgentEvent, BatonError, type Logger, type Platform } from "@baton/core";
import type { ActorRef, OpenInspectClient } from "./create-openinspect-client.js";
import { createPromptProgress } from "./create-prompt-progress.js";
import { createdAtMs } from "./find-queued-message.js";
import { followPrompt } from "./follow-prompt.js";
import type { SessionEventStream } from "./open-session-event-stream.js";
import { readPromptStartMs } from "./read-prompt-start.js";
import type { SentPrompt, Subscription } from "./send-turn-prompt.js";
import { withdrawPrompts } from "./withdraw-prompts.js";

const NO_ANSWER_SUMMARY = "Open-Inspect finished without a written answer.";

/**
 * Follows a queued prompt to its end and reports it: tool calls as progress, artifacts (from its
 * events and from `/artifacts` within its time span), then `done` with the last text, or `error`.
 * A sandbox that cannot start ends the turn at once with the control plane's reason, and the
 * prompt (still pending there) is withdrawn so that it cannot start later.
 */
export async function* reportPromptResult({
  client,
  prompt,
  stream,
  actor,
  signal,
  pollIntervalMs,
  resubscribe,
  webUrl,
  logger,
}: {
  client: OpenInspectClient;
  prompt: SentPrompt;
  stream?: SessionEventStream;
  actor: ActorRef & { platform: Platform };
  signal: AbortSignal;
  pollIntervalMs?: number;
  resubscribe?: () => Promise<Subscription>;
  /** Open-Inspect's web app, where a session's screenshots and videos can be opened. */
  webUrl?: string;
  logger: Logger;
}): AsyncGenerator<AgentEvent> {
  const { remoteSessionId, messageId } = prompt;
  const sessionLink = webUrl ? openInspectSessionUrl(webUrl, remoteSessionId) : undefined;
  const progress = createPromptProgress({ sessionLink });
  const events = followPrompt({
    stream,
    client,
    sessionId: remoteSessionId,
    messageId,
    actor,
    signal,
    pollIntervalMs,
    resubscribe,
    logger,
  });
  for await (const event of events) yield* progress.apply(event);
  if (signal.aborted || !progress.end) return;
  if (!progress.end.success && progress.end.sandbox) {
    const withdrawn = await withdrawPrompts({
      client,
      sessionId: remoteSessionId,
      messageIds: [messageId],
      actor,
      stream,
    });
    logger.warn("backends.openinspect.sandbox_failed", { remote_session_id: remoteSessionId, withdrawn });
    throw sandboxFailure(progress.end.error);
  }

  const listed = await client.listArtifacts(remoteSessionId, actor, signal);
  if (listed.ok) {
    const since = await readPromptStartMs({
      client,
      sessionId: remoteSessionId,
      messageId,
      sentAt: prompt.sentAt,
      actor,
      signal,
    });
    for (const remote of listed.value.artifacts)
      if (createdAtMs(remote) >= since) yield* progress.addArtifact(remote);
  }
  if (!progress.end.success) {
    yield { type: "error", message: progress.end.error, retryable: false };
    return;
  }
  const notes = [...prompt.notes];
  if (progress.mediaCount > 0 && !sessionLink)
    notes.push(
      `Open-Inspect recorded ${progress.mediaCount === 1 ? "a screenshot or video" : `${progress.mediaCount} screenshots or videos`}; they are in its session ${remoteSessionId}.`,
    );
  yield { type: "done", summary: [...notes, progress.answer || NO_ANSWER_SUMMARY].join("\n\n") };
}

/** The session's page in Open-Inspect's web app. */
export function openInspectSessionUrl(webUrl: string, sessionId: string): string {
  return `${webUrl.replace(/\/+$/, "")}/session/${encodeURIComponent(sessionId)}`;
}

function sandboxFailure(reason: string): BatonError {
  return new BatonError(
    "backend_failed",
    `Open-Inspect could not start a sandbox: ${reason}`,
    `Open-Inspect could not start a sandbox for this session, so nothing ran: ${reason}`,
  );
}
