import type { Logger } from "@baton/core";
import type { ActorRef, OpenInspectClient } from "./create-openinspect-client.js";
import { openSessionEventStream } from "./open-session-event-stream.js";
import type { Subscription } from "./send-turn-prompt.js";

/**
 * Subscribes to a remote session's events over its WebSocket. A socket that cannot be opened means
 * polling (`undefined`); a session the control plane no longer holds is `"gone"`.
 */
export async function subscribeToRemoteSession({
  client,
  sessionId,
  actor,
  logger,
}: {
  client: OpenInspectClient;
  sessionId: string;
  actor: ActorRef;
  logger: Logger;
}): Promise<Subscription> {
  const opened = await openSessionEventStream({ client, sessionId, actor });
  switch (opened.kind) {
    case "subscribed":
      return opened.stream;
    case "gone":
      logger.warn("backends.openinspect.session_gone", { remote_session_id: sessionId });
      return "gone";
    case "unavailable":
      logger.info("backends.openinspect.polling", { remote_session_id: sessionId, reason: opened.reason });
      return undefined;
  }
}
