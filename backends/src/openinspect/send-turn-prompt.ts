import { type AgentEvent, type BackendTurn, TransientError } from "@baton/core";
import type { OpenInspectClient } from "./create-openinspect-client.js";
import { findQueuedMessage } from "./find-queued-message.js";
import type { SessionEventStream } from "./open-session-event-stream.js";
import { toTurnError } from "./openinspect-errors.js";
import { queuePrompt } from "./queue-prompt.js";
import type { RemotePrompt, RemoteSessionStore } from "./remote-session-store.js";

/** What Baton says in the thread when the earlier remote session could take no more prompts. */
export const REOPENED_SESSION_NOTE =
  "The earlier Open-Inspect session of this thread was archived or cancelled, so Baton continued in a new one.";
/** What Baton says when the control plane no longer holds the earlier remote session. */
export const VANISHED_SESSION_NOTE =
  "The earlier Open-Inspect session of this thread no longer exists on the control plane, so Baton continued in a new one.";

/** A subscription to the session's events, none (Baton polls), or the news that the session is gone. */
export type Subscription = SessionEventStream | "gone" | undefined;

/** The remote side of a running turn; the backend reads it when the turn is stopped. */
export interface TurnConnection {
  remoteSessionId?: string;
  /** The turn's prompt, once queued. */
  messageId?: string;
  stream?: SessionEventStream;
}

export interface SentPrompt {
  remoteSessionId: string;
  messageId: string;
  sentAt: number;
  /** What the result should say besides the answer (a replaced remote session). */
  notes: string[];
}

export interface SendTurnPromptOptions {
  client: OpenInspectClient;
  store: RemoteSessionStore;
  turn: BackendTurn;
  content: string;
  connection: TurnConnection;
  signal: AbortSignal;
  openRemote(): Promise<string>;
  subscribe(remoteSessionId: string): Promise<Subscription>;
}

/**
 * Makes sure the turn's prompt is queued exactly once: reuses the one an earlier try queued (or
 * finds it in `/messages` when that try lost the answer), else subscribes to the session and sends
 * it, opening a remote session when there is none yet or the old one is archived or cancelled.
 * `connection` is kept current, so that a stop reaches the right session and socket.
 */
export async function* sendTurnPrompt({
  client,
  store,
  turn,
  content,
  connection,
  signal,
  openRemote,
  subscribe,
}: SendTurnPromptOptions): AsyncGenerator<AgentEvent, SentPrompt> {
  const actor = turn.turn.request.actor;
  const turnId = turn.idempotencyKey;
  let record: RemotePrompt | null = await store.getPrompt(turnId);
  let messageId = await promptOfEarlierTry({ client, store, record, content, actor, signal });
  const notes: string[] = [];
  let sessionId = record?.remoteSessionId ?? connection.remoteSessionId ?? "";
  let openedHere = false;
  const reopen = async () => {
    sessionId = await openRemote();
    openedHere = true;
    connection.remoteSessionId = sessionId;
  };
  if (sessionId) connection.remoteSessionId = sessionId;
  else {
    await reopen();
    yield { type: "status", message: "Open-Inspect session opened" };
  }
  // A retried turn follows its prompt over the WebSocket too: the history in `subscribed` holds what it missed.
  if (messageId) {
    const subscription = await subscribe(sessionId);
    // The prompt went to a session the control plane no longer holds: it will never run there.
    if (subscription === "gone") messageId = undefined;
    else connection.stream = subscription;
  }
  while (!messageId) {
    const subscription = await subscribe(sessionId);
    if (subscription === "gone") {
      // Once per turn: a session just opened that is gone too is a control plane that keeps none.
      if (notes.includes(VANISHED_SESSION_NOTE))
        throw new TransientError(
          "backend_unavailable",
          `Open-Inspect: the new session ${sessionId} is gone at once`,
        );
      yield* tell(notes, VANISHED_SESSION_NOTE);
      await reopen();
      continue;
    }
    connection.stream = subscription;
    if (openedHere) yield* tell(notes, replacedModelNote(turn.model, subscription?.snapshot.model));
    const sendingTo = sessionId;
    const queued = yield* queuePrompt({
      client,
      sessionId: sendingTo,
      body: { content, source: actor.platform, model: turn.model },
      actor,
      signal,
      beforeSend: async (sentAt) => {
        record = { remoteSessionId: sendingTo, sentAt };
        await store.setPrompt(turnId, record);
      },
      earlierMessageIds: () => store.queuedMessageIds(sendingTo),
    });
    if (queued.kind === "queued") {
      messageId = queued.messageId;
      break;
    }
    connection.stream?.close();
    connection.stream = undefined;
    if (queued.kind === "failed") throw toTurnError(queued.failure, actor.platform);
    yield* tell(notes, REOPENED_SESSION_NOTE);
    await reopen();
  }
  const sentAt = record?.sentAt ?? Date.now();
  await store.setPrompt(turnId, { remoteSessionId: sessionId, sentAt, messageId });
  connection.messageId = messageId;
  return { remoteSessionId: sessionId, messageId, sentAt, notes };
}

/**
 * The prompt an earlier try of this turn queued: its recorded message id, or, when that try lost
 * the answer, the message it may have queued all the same (found in `/messages`).
 */
async function promptOfEarlierTry({
  client,
  store,
  record,
  content,
  actor,
  signal,
}: {
  client: OpenInspectClient;
  store: RemoteSessionStore;
  record: RemotePrompt | null;
  content: string;
  actor: BackendTurn["turn"]["request"]["actor"];
  signal: AbortSignal;
}): Promise<string | undefined> {
  if (!record || record.messageId) return record?.messageId;
  const found = await findQueuedMessage({
    client,
    sessionId: record.remoteSessionId,
    content,
    sentAt: record.sentAt,
    actor,
    earlier: await store.queuedMessageIds(record.remoteSessionId),
    signal,
  });
  if (!found.ok) throw toTurnError(found, actor.platform);
  return found.value?.id;
}

/** Keeps a note for the result and says it in the thread now, once. */
function* tell(notes: string[], note: string | undefined): Generator<AgentEvent> {
  if (!note || notes.includes(note)) return;
  notes.push(note);
  yield { type: "status", message: note };
}

/**
 * The control plane runs a model it does not know as its default, without a word: Baton says so
 * when the session it opened runs another model than the one asked for (`gpt-5.5` is `openai/gpt-5.5`).
 */
function replacedModelNote(asked: string | undefined, used: string | undefined): string | undefined {
  if (!asked || !used || used === asked || used.endsWith(`/${asked}`)) return undefined;
  return `Open-Inspect does not offer the model "${asked}", so it used its default, ${used}.`;
}
