import { type BackendTurn, type Logger, targetId } from "@baton/core";
import type { OpenInspectClient } from "./create-openinspect-client.js";
import { type EnvironmentRepositories, openRemoteSession } from "./open-remote-session.js";
import { toTurnError } from "./openinspect-errors.js";
import type { RemoteSessionStore } from "./remote-session-store.js";

/**
 * Opens the remote session a turn runs in and remembers it for the Baton session (with the target
 * it was opened for). The first turn opens it as the person who asked; later ones as the session's
 * requester.
 */
export async function openTurnRemoteSession({
  client,
  store,
  turn,
  environmentRepositories,
  signal,
  logger,
}: {
  client: OpenInspectClient;
  store: RemoteSessionStore;
  turn: BackendTurn;
  environmentRepositories?: EnvironmentRepositories;
  signal: AbortSignal;
  logger: Logger;
}): Promise<string> {
  const opened = await openRemoteSession({
    client,
    target: turn.target,
    requester: turn.session.turnCount === 0 ? turn.turn.request.actor : turn.session.requester,
    model: turn.model,
    prompt: turn.prompt,
    environmentRepositories,
    signal,
  });
  if (!opened.ok) throw toTurnError(opened, turn.turn.request.actor.platform);
  await store.setSession(turn.session.id, {
    remoteSessionId: opened.value,
    targetId: targetId(turn.target),
  });
  logger.info("backends.openinspect.session_opened", {
    session_id: turn.session.id,
    remote_session_id: opened.value,
  });
  return opened.value;
}
