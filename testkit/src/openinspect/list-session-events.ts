import type { FakeRemoteSession } from "./fake-control-plane-types.js";
import type { RouteAnswer } from "./routed-request.js";

const EVENTS_DEFAULT_LIMIT = 50;
const EVENTS_MAX_LIMIT = 200;

/** `GET /sessions/:id/events`: newest first, filtered by `message_id` and `type`, paged by `cursor`. */
export function listSessionEvents(session: FakeRemoteSession, query: URLSearchParams): RouteAnswer {
  const messageId = query.get("message_id");
  const type = query.get("type");
  const limit = Math.min(
    Number(query.get("limit") ?? EVENTS_DEFAULT_LIMIT) || EVENTS_DEFAULT_LIMIT,
    EVENTS_MAX_LIMIT,
  );
  const offset = Number(query.get("cursor") ?? 0) || 0;
  const newestFirst = session.events
    .filter((event) => (!messageId || event.messageId === messageId) && (!type || event.type === type))
    .reverse();
  const events = newestFirst.slice(offset, offset + limit);
  const hasMore = offset + limit < newestFirst.length;
  return { status: 200, body: { events, hasMore, cursor: hasMore ? String(offset + limit) : undefined } };
}
