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
import { createPromptProgress } from "./create-prompt-progress.js";
import { createdAtMs, findQueuedMessage, MESSAGE_MATCH_CLOCK_SLACK_MS } from "./find-queued-message.js";
import { followPrompt } from "./follow-prompt.js";
import { mapRemoteArtifact } from "./map-remote-artifact.js";
import { type EnvironmentRepositories, openRemoteSession } from "./open-remote-session.js";
import { openSessionEventStream, type SessionEventStream } from "./open-session-event-stream.js";
import { toTurnError } from "./openinspect-errors.js";
import { queuePrompt } from "./queue-prompt.js";
import type { RemoteSessionStore } from "./remote-session-store.js";

export const OPENINSPECT_BACKEND_NAME = "openinspect";

/** What Baton says in the thread when the earlier remote session could take no more prompts. */
export const REOPENED_SESSION_NOTE =
  "The earlier Open-Inspect session of this thread was archived or cancelled, so Baton continued in a new one.";
const NO_ANSWER_SUMMARY = "Open-Inspect finished without a written answer.";

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

  async function subscribe(sessionId: string, turn: BackendTurn): Promise<SessionEventStream | undefined> {
    if (options.webSocket === false) return undefined;
    const opened = await openSessionEventStream({ client, sessionId, actor: turn.turn.request.actor });
    if (opened.ok) return opened.value;
    log.info("backends.openinspect.polling", { remote_session_id: sessionId, reason: opened.kind });
    return undefined;
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
      const turnId = turn.idempotencyKey;
      const content = buildPromptContent(turn.prompt, turn.context);
      let record = await store.getPrompt(turnId);
      let remoteSessionId = record?.remoteSessionId ?? (await currentRemoteSession(turn));
      let stream: SessionEventStream | undefined;
      const notes: string[] = [];
      const stopRemote = () => {
        stream?.close();
        if (signal.reason !== "stopped" || !remoteSessionId) return;
        const stopping = remoteSessionId;
        void client.stopSession(stopping, actor).then((stopped) =>
          stopped.ok
            ? log.info("backends.openinspect.stopped", { remote_session_id: stopping })
            : log.warn("backends.openinspect.stop_failed", {
                remote_session_id: stopping,
                reason: stopped.kind,
              }),
        );
      };
      signal.addEventListener("abort", stopRemote, { once: true });
      try {
        if (!remoteSessionId) {
          remoteSessionId = await openFor(turn, signal);
          yield { type: "status", message: "Open-Inspect session opened" };
        }
        let messageId = record?.messageId;
        if (record && !messageId) {
          // An earlier try sent the prompt and lost the answer: it may be queued already.
          const found = await findQueuedMessage({
            client,
            sessionId: record.remoteSessionId,
            content,
            sentAt: record.sentAt,
            actor,
            signal,
          });
          if (!found.ok) throw toTurnError(found, actor.platform);
          messageId = found.value?.id;
        }
        while (!messageId) {
          stream = await subscribe(remoteSessionId, turn);
          const sessionId = remoteSessionId;
          const queued = yield* queuePrompt({
            client,
            sessionId,
            body: { content, source: actor.platform, model: turn.model },
            actor,
            signal,
            beforeSend: async (sentAt) => {
              record = { remoteSessionId: sessionId, sentAt };
              await store.setPrompt(turnId, record);
            },
          });
          if (queued.kind === "queued") {
            messageId = queued.messageId;
            break;
          }
          stream?.close();
          if (queued.kind === "failed") throw toTurnError(queued.failure, actor.platform);
          log.info("backends.openinspect.session_closed", { remote_session_id: remoteSessionId });
          notes.push(REOPENED_SESSION_NOTE);
          yield { type: "status", message: REOPENED_SESSION_NOTE };
          remoteSessionId = await openFor(turn, signal);
        }
        record = { remoteSessionId, sentAt: record?.sentAt ?? Date.now(), messageId };
        await store.setPrompt(turnId, record);
        yield { type: "status", message: "Open-Inspect is working on it" };

        const progress = createPromptProgress();
        const followed = followPrompt({
          stream,
          client,
          sessionId: remoteSessionId,
          messageId,
          actor,
          signal,
          pollIntervalMs: options.pollIntervalMs,
          logger: log,
        });
        for await (const event of followed) yield* progress.apply(event);
        if (signal.aborted || !progress.end) return;

        const listed = await client.listArtifacts(remoteSessionId, actor, signal);
        if (listed.ok) {
          const since = record.sentAt - MESSAGE_MATCH_CLOCK_SLACK_MS;
          for (const remote of listed.value.artifacts) {
            const artifact = createdAtMs(remote) >= since ? mapRemoteArtifact(remote) : undefined;
            if (artifact) yield* progress.addArtifact(artifact);
          }
        }
        if (!progress.end.success) {
          yield { type: "error", message: progress.end.error, retryable: false };
          return;
        }
        yield { type: "done", summary: [...notes, progress.answer || NO_ANSWER_SUMMARY].join("\n\n") };
      } finally {
        signal.removeEventListener("abort", stopRemote);
        stream?.close();
      }
    },
    async stop(session: Session) {
      const remote = await store.getSession(session.id);
      if (!remote) return;
      const stopped = await client.stopSession(remote.remoteSessionId, session.requester);
      if (!stopped.ok) throw toTurnError(stopped, session.requester.platform);
    },
  };
}
