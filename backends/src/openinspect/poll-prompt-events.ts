import { setTimeout as sleep } from "node:timers/promises";
import type { Platform } from "@baton/core";
import type { ActorRef, OpenInspectClient } from "./create-openinspect-client.js";
import { isPromptEnd } from "./create-prompt-progress.js";
import { toTurnError } from "./openinspect-errors.js";
import type { RemoteEvent } from "./openinspect-schemas.js";

export const EVENTS_POLL_INTERVAL_MS = 1_000;
/** The control plane's largest page of events. */
export const EVENTS_PAGE_LIMIT = 200;
/** Polling gives up (and the turn is tried again later) after this many failed reads in a row. */
export const EVENTS_POLL_MAX_FAILURES = 5;

/**
 * Follows one prompt through `GET /sessions/:id/events?message_id=`, yielding each new event
 * oldest first until `execution_complete` or `error`. Pages come newest first, so each round reads
 * back until it meets an event it has already yielded.
 */
export async function* pollPromptEvents({
  client,
  sessionId,
  messageId,
  actor,
  signal,
  intervalMs = EVENTS_POLL_INTERVAL_MS,
}: {
  client: OpenInspectClient;
  sessionId: string;
  messageId: string;
  actor: ActorRef & { platform: Platform };
  signal: AbortSignal;
  intervalMs?: number;
}): AsyncGenerator<RemoteEvent> {
  const seen = new Set<string>();
  let failures = 0;
  while (!signal.aborted) {
    const fresh: RemoteEvent[] = [];
    let cursor: string | undefined;
    let failure: Parameters<typeof toTurnError>[0] | undefined;
    for (;;) {
      const page = await client.listEvents(
        sessionId,
        { messageId, cursor, limit: EVENTS_PAGE_LIMIT },
        actor,
        signal,
      );
      if (!page.ok) {
        failure = page;
        break;
      }
      const unseen = page.value.events.filter((event) => !seen.has(eventKey(event)));
      fresh.push(...unseen);
      if (unseen.length < page.value.events.length || !page.value.hasMore || !page.value.cursor) break;
      cursor = page.value.cursor;
    }
    if (failure) {
      failures += 1;
      if (
        failure.kind === "unauthorized" ||
        failure.kind === "no_identity" ||
        failures >= EVENTS_POLL_MAX_FAILURES
      )
        throw toTurnError(failure, actor.platform);
    } else {
      failures = 0;
    }
    for (const event of fresh.reverse()) {
      seen.add(eventKey(event));
      yield event;
      if (isPromptEnd(event)) return;
    }
    await sleep(intervalMs, undefined, { signal }).catch(() => undefined);
  }
}

function eventKey(event: RemoteEvent): string {
  return event.id ?? `${event.type}:${String(event.createdAt)}:${JSON.stringify(event.data)}`;
}
