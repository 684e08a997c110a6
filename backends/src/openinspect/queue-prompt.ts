import { setTimeout as sleep } from "node:timers/promises";
import type { AgentEvent } from "@baton/core";
import type { ActorRef, OpenInspectClient, PromptBody } from "./create-openinspect-client.js";
import { findQueuedMessage } from "./find-queued-message.js";
import type { OpenInspectFailure } from "./openinspect-result.js";

/** How long to wait before offering a prompt again to a full queue (when the control plane gives no Retry-After). */
export const QUEUE_FULL_RETRY_MS = 5_000;
/** After this long of a full queue, the turn is handed back to Baton's queue to try later. */
export const QUEUE_FULL_MAX_WAIT_MS = 10 * 60_000;
/** Sends whose answer was lost (and that never arrived) are tried this often before the turn is handed back. */
export const LOST_SEND_MAX_TRIES = 3;

export type QueuePromptResult =
  | { kind: "queued"; messageId: string }
  /** 409: the session is archived or cancelled; a new one is needed. */
  | { kind: "closed" }
  | { kind: "failed"; failure: OpenInspectFailure };

export interface QueuePromptOptions {
  client: OpenInspectClient;
  sessionId: string;
  body: PromptBody;
  actor: ActorRef;
  signal: AbortSignal;
  /** Called just before each send, with the send's time (Baton records it, in case the answer is lost). */
  beforeSend(sentAt: number): Promise<void>;
  /** The messages other turns queued in the session: a lost answer is never one of them. */
  earlierMessageIds(): Promise<ReadonlySet<string>>;
  queueFullRetryMs?: number;
  queueFullMaxWaitMs?: number;
}

/**
 * Sends a turn's prompt: waits while the session's queue is full (reporting that it waits), and
 * when the answer is lost, looks in `/messages` for the prompt before sending it again.
 */
export async function* queuePrompt({
  client,
  sessionId,
  body,
  actor,
  signal,
  beforeSend,
  earlierMessageIds,
  queueFullRetryMs = QUEUE_FULL_RETRY_MS,
  queueFullMaxWaitMs = QUEUE_FULL_MAX_WAIT_MS,
}: QueuePromptOptions): AsyncGenerator<AgentEvent, QueuePromptResult> {
  const startedAt = Date.now();
  let toldWaiting = false;
  let lostSends = 0;
  for (;;) {
    const sentAt = Date.now();
    await beforeSend(sentAt);
    const sent = await client.sendPrompt(sessionId, body, actor, signal);
    if (sent.ok) return { kind: "queued", messageId: sent.value.messageId };
    switch (sent.kind) {
      case "conflict":
        return { kind: "closed" };
      case "network": {
        const found = await findQueuedMessage({
          client,
          sessionId,
          content: body.content,
          sentAt,
          actor,
          earlier: await earlierMessageIds(),
          signal,
        });
        lostSends += 1;
        if (!found.ok || lostSends >= LOST_SEND_MAX_TRIES) return { kind: "failed", failure: sent };
        if (found.value) return { kind: "queued", messageId: found.value.id };
        // It never arrived: sending it again cannot run it twice.
        continue;
      }
      case "queue_full":
        if (Date.now() - startedAt >= queueFullMaxWaitMs) return { kind: "failed", failure: sent };
        if (!toldWaiting) {
          toldWaiting = true;
          yield {
            type: "status",
            message: "Open-Inspect's queue for this session is full; waiting for a free place",
          };
        }
        await sleep(sent.retryAfterMs ?? queueFullRetryMs, undefined, { signal });
        continue;
      default:
        return { kind: "failed", failure: sent };
    }
  }
}
