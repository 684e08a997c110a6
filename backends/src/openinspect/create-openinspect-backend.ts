import {
  type AgentBackend,
  type AgentEvent,
  type BackendTurn,
  type Logger,
  type Session,
  targetId,
} from "@baton/core";
import { buildPromptContent } from "./build-prompt-content.js";
import type { OpenInspectClient } from "./create-openinspect-client.js";
import { haltRemoteSession } from "./halt-remote-session.js";
import { type EnvironmentRepositories, openRemoteSession } from "./open-remote-session.js";
import { openSessionEventStream } from "./open-session-event-stream.js";
import { toTurnError } from "./openinspect-errors.js";
import type { RemoteSessionStore } from "./remote-session-store.js";
import { reportPromptResult } from "./report-prompt-result.js";
import { type Subscription, sendTurnPrompt, type TurnConnection } from "./send-turn-prompt.js";

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
  queueFullRetryMs?: number;
  /** Open-Inspect's web app (`OPENINSPECT_WEB_URL`): screenshots and videos link to the session there. */
  webUrl?: string;
}

/**
 * Puts Baton in front of an Open-Inspect control plane: one remote session per Baton session, each
 * turn a prompt signed as the person who wrote it, followed until it ends. A retried turn follows
 * the prompt it already sent instead of sending it twice.
 */
export function createOpenInspectBackend(options: OpenInspectBackendOptions): AgentBackend {
  const { client, store, logger } = options;
  const log = logger.child({ component: "backends.openinspect" });

  async function openFor(turn: BackendTurn, signal: AbortSignal): Promise<string> {
    const opened = await openRemoteSession({
      client,
      target: turn.target,
      requester: turn.session.turnCount === 0 ? turn.turn.request.actor : turn.session.requester,
      model: turn.model,
      prompt: turn.prompt,
      environmentRepositories: options.environmentRepositories,
      signal,
    });
    if (!opened.ok) throw toTurnError(opened, turn.turn.request.actor.platform);
    await store.setSession(turn.session.id, {
      remoteSessionId: opened.value,
      targetId: targetId(turn.target),
    });
    log.info("backends.openinspect.session_opened", {
      session_id: turn.session.id,
      remote_session_id: opened.value,
    });
    return opened.value;
  }

  async function subscribe(sessionId: string, turn: BackendTurn): Promise<Subscription> {
    if (options.webSocket === false) return undefined;
    const opened = await openSessionEventStream({ client, sessionId, actor: turn.turn.request.actor });
    switch (opened.kind) {
      case "subscribed":
        return opened.stream;
      case "gone":
        log.warn("backends.openinspect.session_gone", { remote_session_id: sessionId });
        return "gone";
      case "unavailable":
        log.info("backends.openinspect.polling", { remote_session_id: sessionId, reason: opened.reason });
        return undefined;
    }
  }

  /** The remote session of this Baton session, unless it was opened for another target (the person changed it). */
  async function currentRemoteSession(turn: BackendTurn): Promise<string | undefined> {
    const remote = await store.getSession(turn.session.id);
    return remote && remote.targetId === targetId(turn.target) ? remote.remoteSessionId : undefined;
  }

  return {
    name: OPENINSPECT_BACKEND_NAME,
    async *run(turn, signal): AsyncIterable<AgentEvent> {
      const actor = turn.turn.request.actor;
      const connection: TurnConnection = { remoteSessionId: await currentRemoteSession(turn) };
      // A person's stop reaches Open-Inspect too; a shutdown only lets go (another try follows the prompt).
      const onAbort = () => {
        const { remoteSessionId, messageId, stream } = connection;
        if (signal.reason !== "stopped" || !remoteSessionId) return stream?.close();
        // The halt owns the socket now (it withdraws the queued prompt over it, then closes it).
        connection.stream = undefined;
        void haltRemoteSession({
          client,
          sessionId: remoteSessionId,
          actor,
          messageIds: messageId ? [messageId] : [],
          stream,
          logger: log,
        });
      };
      signal.addEventListener("abort", onAbort, { once: true });
      try {
        const prompt = yield* sendTurnPrompt({
          client,
          store,
          turn,
          content: buildPromptContent(turn.prompt, turn.context),
          connection,
          signal,
          openRemote: () => openFor(turn, signal),
          subscribe: (remoteSessionId) => subscribe(remoteSessionId, turn),
        });
        yield { type: "status", message: "Open-Inspect is working on it" };
        yield* reportPromptResult({
          client,
          prompt,
          stream: connection.stream,
          actor,
          signal,
          pollIntervalMs: options.pollIntervalMs,
          webUrl: options.webUrl,
          resubscribe:
            options.webSocket === false ? undefined : () => subscribe(prompt.remoteSessionId, turn),
          logger: log,
        });
      } finally {
        signal.removeEventListener("abort", onAbort);
        connection.stream?.close();
      }
    },
    async stop(session: Session) {
      const remote = await store.getSession(session.id);
      if (!remote) return;
      const stopped = await haltRemoteSession({
        client,
        sessionId: remote.remoteSessionId,
        actor: session.requester,
        logger: log,
      });
      if (!stopped.ok) throw toTurnError(stopped, session.requester.platform);
    },
  };
}
