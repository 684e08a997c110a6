import type { Logger } from "@baton/core";
import type { ActorRef, OpenInspectClient } from "./create-openinspect-client.js";
import type { SessionEventStream } from "./open-session-event-stream.js";
import type { OpenInspectResult } from "./openinspect-result.js";
import { findQueuedBotPrompts, withdrawPrompts } from "./withdraw-prompts.js";

/**
 * A person's stop, on the control plane: `POST /stop` fails only the running prompt, and the
 * prompts queued behind it would start afterwards, so Baton first withdraws its own (the turn's
 * prompt, `messageIds`, and any other bot prompt still queued), then stops. `stream`, when given,
 * is used for the withdrawals and closed.
 */
export async function haltRemoteSession({
  client,
  sessionId,
  actor,
  messageIds = [],
  stream,
  logger,
}: {
  client: OpenInspectClient;
  sessionId: string;
  actor: ActorRef;
  messageIds?: readonly string[];
  stream?: SessionEventStream;
  logger: Logger;
}): Promise<OpenInspectResult<unknown>> {
  const queued = await findQueuedBotPrompts({ client, sessionId, actor });
  const withdrawn = await withdrawPrompts({
    client,
    sessionId,
    messageIds: [...messageIds, ...queued],
    actor,
    stream,
  }).finally(() => stream?.close());
  if (withdrawn > 0)
    logger.info("backends.openinspect.withdrawn", { remote_session_id: sessionId, withdrawn });
  const stopped = await client.stopSession(sessionId, actor);
  if (stopped.ok) logger.info("backends.openinspect.stopped", { remote_session_id: sessionId });
  else
    logger.warn("backends.openinspect.stop_failed", { remote_session_id: sessionId, reason: stopped.kind });
  return stopped;
}
