import {
  type AgentBackend,
  type AgentEvent,
  type BackendTurn,
  type Logger,
  type Session,
  targetId,
} from "@baton/core";
import { buildPromptContent } from "./build-prompt-content.js";
import type { ActorRef, OpenInspectClient } from "./create-openinspect-client.js";
import { type EnvironmentRepositories, openRemoteSession } from "./open-remote-session.js";
import { openSessionEventStream } from "./open-session-event-stream.js";
import { toTurnError } from "./openinspect-errors.js";
import type { RemoteSessionStore } from "./remote-session-store.js";
import { reportPromptResult } from "./report-prompt-result.js";
import { type Subscription, sendTurnPrompt, type TurnConnection } from "./send-turn-prompt.js";
import { findQueuedBotPrompts, withdrawPrompts } from "./withdraw-prompts.js";

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

  /**
   * A person's stop: `POST /stop` fails only the running prompt, and the prompts queued behind it
   * would start afterwards, so Baton first withdraws its own (this turn's and any other bot
   * prompt still queued), then stops.
   */
  async function stopRemote(
    remoteSessionId: string,
    actor: ActorRef,
    connection?: TurnConnection,
  ): Promise<void> {
    const stream = connection?.stream;
    if (connection) connection.stream = undefined;
    const queued = await findQueuedBotPrompts({ client, sessionId: remoteSessionId, actor });
    const mine = connection?.messageId ? [connection.messageId] : [];
    const withdrawn = await withdrawPrompts({
      client,
      sessionId: remoteSessionId,
      messageIds: [...mine, ...queued],
      actor,
      stream,
    }).finally(() => stream?.close());
    if (withdrawn > 0)
      log.info("backends.openinspect.withdrawn", { remote_session_id: remoteSessionId, withdrawn });
    const stopped = await client.stopSession(remoteSessionId, actor);
    if (stopped.ok) log.info("backends.openinspect.stopped", { remote_session_id: remoteSessionId });
    else
      log.warn("backends.openinspect.stop_failed", {
        remote_session_id: remoteSessionId,
        reason: stopped.kind,
      });
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
        if (signal.reason === "stopped" && connection.remoteSessionId)
          void stopRemote(connection.remoteSessionId, actor, connection);
        else connection.stream?.close();
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
      const queued = await findQueuedBotPrompts({
        client,
        sessionId: remote.remoteSessionId,
        actor: session.requester,
      });
      await withdrawPrompts({
        client,
        sessionId: remote.remoteSessionId,
        messageIds: queued,
        actor: session.requester,
      });
      const stopped = await client.stopSession(remote.remoteSessionId, session.requester);
      if (!stopped.ok) throw toTurnError(stopped, session.requester.platform);
    },
  };
}
