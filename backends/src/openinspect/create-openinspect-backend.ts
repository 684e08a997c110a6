import type { AgentBackend, Logger, Session } from "@baton/core";
import type { OpenInspectClient } from "./create-openinspect-client.js";
import { haltRemoteSession } from "./halt-remote-session.js";
import type { EnvironmentRepositories } from "./open-remote-session.js";
import { toTurnError } from "./openinspect-errors.js";
import type { RemoteSessionStore } from "./remote-session-store.js";
import { runOpenInspectTurn } from "./run-openinspect-turn.js";

export const OPENINSPECT_BACKEND_NAME = "openinspect";

export interface OpenInspectBackendOptions {
  client: OpenInspectClient;
  store: RemoteSessionStore;
  logger: Logger;
  /** The repositories of Baton's catalog environments, for a control plane that does not know one. */
  environmentRepositories?: EnvironmentRepositories;
  /** Follow prompts over the session's WebSocket when it can (default), else only by polling. */
  webSocket?: boolean;
  pollIntervalMs?: number;
  /** Open-Inspect's web app (`OPENINSPECT_WEB_URL`): screenshots and videos link to the session there. */
  webUrl?: string;
}

/**
 * Puts Baton in front of an Open-Inspect control plane: one remote session per Baton session, each
 * turn a prompt signed as the person who wrote it, followed until it ends. A retried turn follows
 * the prompt it already sent instead of sending it twice.
 */
export function createOpenInspectBackend(options: OpenInspectBackendOptions): AgentBackend {
  const { store } = options;
  const log = options.logger.child({ component: "backends.openinspect" });
  const scoped = { ...options, logger: log };
  return {
    name: OPENINSPECT_BACKEND_NAME,
    run: (turn, signal) => runOpenInspectTurn(scoped, turn, signal),
    async stop(session: Session) {
      const remote = await store.getSession(session.id);
      if (!remote) return;
      const stopped = await haltRemoteSession({
        client: options.client,
        sessionId: remote.remoteSessionId,
        actor: session.requester,
        logger: log,
      });
      if (!stopped.ok) throw toTurnError(stopped, session.requester.platform);
    },
  };
}
