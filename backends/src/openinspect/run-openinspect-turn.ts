import { type AgentEvent, type BackendTurn, targetId } from "@baton/core";
import { buildPromptContent } from "./build-prompt-content.js";
import type { OpenInspectBackendOptions } from "./create-openinspect-backend.js";
import { haltRemoteSession } from "./halt-remote-session.js";
import { openTurnRemoteSession } from "./open-turn-remote-session.js";
import { reportPromptResult } from "./report-prompt-result.js";
import { sendTurnPrompt, type TurnConnection } from "./send-turn-prompt.js";
import { subscribeToRemoteSession } from "./subscribe-to-remote-session.js";

/**
 * Why an abort halts the remote prompt: a person's stop, or the turn outliving its timeout (the
 * queue answers it as ended, and the remote agent must not go on working, and pushing, unseen).
 * A shutdown or a lost lock only lets go, so that another try follows the same prompt.
 */
const HALTING_REASONS: ReadonlySet<unknown> = new Set(["stopped", "timed_out"]);

/**
 * One turn on Open-Inspect: sends its prompt (once, across retries) and reports the prompt's
 * progress and result. A person's stop, or the turn's timeout, reaches Open-Inspect too; a
 * shutdown only lets go. `options.logger` is the backend's scoped logger.
 */
export async function* runOpenInspectTurn(
  options: OpenInspectBackendOptions,
  turn: BackendTurn,
  signal: AbortSignal,
): AsyncIterable<AgentEvent> {
  const { client, store, logger } = options;
  const actor = turn.turn.request.actor;
  const subscribe = (sessionId: string) =>
    options.webSocket === false
      ? Promise.resolve(undefined)
      : subscribeToRemoteSession({ client, sessionId, actor, logger });
  const connection: TurnConnection = { remoteSessionId: await currentRemoteSession(options, turn) };
  const onAbort = () => {
    const { remoteSessionId, messageId, stream } = connection;
    if (!HALTING_REASONS.has(signal.reason) || !remoteSessionId) return stream?.close();
    // The halt owns the socket now (it withdraws the queued prompt over it, then closes it).
    connection.stream = undefined;
    void haltRemoteSession({
      client,
      sessionId: remoteSessionId,
      actor,
      messageIds: messageId ? [messageId] : [],
      stream,
      logger,
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
      openRemote: () =>
        openTurnRemoteSession({
          client,
          store,
          turn,
          environmentRepositories: options.environmentRepositories,
          signal,
          logger,
        }),
      subscribe,
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
      resubscribe: options.webSocket === false ? undefined : () => subscribe(prompt.remoteSessionId),
      logger,
    });
  } finally {
    signal.removeEventListener("abort", onAbort);
    connection.stream?.close();
  }
}

/** The remote session of this Baton session, unless it was opened for another target (the person changed it). */
async function currentRemoteSession(
  { store }: OpenInspectBackendOptions,
  turn: BackendTurn,
): Promise<string | undefined> {
  const remote = await store.getSession(turn.session.id);
  return remote && remote.targetId === targetId(turn.target) ? remote.remoteSessionId : undefined;
}
