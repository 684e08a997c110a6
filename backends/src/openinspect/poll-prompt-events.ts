import { setTimeout as sleep } from "node:timers/promises";
import type { Platform } from "@baton/core";
import type { ActorRef, OpenInspectClient } from "./create-openinspect-client.js";
import { isPromptEnd } from "./create-prompt-progress.js";
import { toTurnError } from "./openinspect-errors.js";
import type { OpenInspectFailureKind, OpenInspectResult } from "./openinspect-result.js";
import type { RemoteEvent } from "./openinspect-schemas.js";

export const EVENTS_POLL_INTERVAL_MS = 1_000;
/** The control plane's largest page of events. */
export const EVENTS_PAGE_LIMIT = 200;
/** Polling gives up (and the turn is tried again later) after this many failed reads in a row. */
export const EVENTS_POLL_MAX_FAILURES = 5;
/** Failures that another read cannot mend: the turn ends at once. */
const PERMANENT_FAILURES = new Set<OpenInspectFailureKind>([
  "unauthorized",
  "no_identity",
  "identity_not_configured",
  "not_implemented",
]);

/**
 * Follows one prompt through `GET /sessions/:id/events?message_id=`, yielding each new or changed
 * event oldest first until `execution_complete`. The control plane rewrites a prompt's `token`
 * event and each `tool_call` in place as they grow (same id, new content), so every round reads
 * all of the prompt's pages and yields an event again whenever its content changed.
 */
export async function* pollPromptEvents({
  client,
  sessionId,
  messageId,
  actor,
  signal,
  intervalMs = EVENTS_POLL_INTERVAL_MS,
  forMs,
}: {
  client: OpenInspectClient;
  sessionId: string;
  messageId: string;
  actor: ActorRef & { platform: Platform };
  signal: AbortSignal;
  intervalMs?: number;
  /** Returns (without an end) after this long, so that the caller can try something else. */
  forMs?: number;
}): AsyncGenerator<RemoteEvent> {
  /** The content each event had when it was last yielded, by id. */
  const yielded = new Map<string, string>();
  const until = forMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + forMs;
  let failures = 0;
  while (!signal.aborted && Date.now() < until) {
    const read = await readAllEvents({ client, sessionId, messageId, actor, signal });
    if (!read.ok) {
      failures += 1;
      if (PERMANENT_FAILURES.has(read.kind) || failures >= EVENTS_POLL_MAX_FAILURES)
        throw toTurnError(read, actor.platform);
    } else {
      failures = 0;
      let ended = false;
      for (const event of read.value.reverse()) {
        const key = eventKey(event);
        const version = JSON.stringify(event.data);
        if (yielded.get(key) === version) continue;
        yielded.set(key, version);
        yield event;
        ended ||= isPromptEnd(event);
      }
      // The whole round is yielded first: the final token may sort after the end.
      if (ended) return;
    }
    await sleep(intervalMs, undefined, { signal }).catch(() => undefined);
  }
}

/** Every event of the prompt, newest first, page after page. */
async function readAllEvents({
  client,
  sessionId,
  messageId,
  actor,
  signal,
}: {
  client: OpenInspectClient;
  sessionId: string;
  messageId: string;
  actor: ActorRef;
  signal: AbortSignal;
}): Promise<OpenInspectResult<RemoteEvent[]>> {
  const events: RemoteEvent[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await client.listEvents(
      sessionId,
      { messageId, cursor, limit: EVENTS_PAGE_LIMIT },
      actor,
      signal,
    );
    if (!page.ok) return page;
    events.push(...page.value.events);
    if (!page.value.hasMore || !page.value.cursor) return { ok: true, value: events };
    cursor = page.value.cursor;
  }
}

function eventKey(event: RemoteEvent): string {
  return event.id ?? `${event.type}:${String(event.createdAt)}`;
}
