import type { Logger, SessionRequest, Turn } from "@baton/core";
import type { SlackPeople } from "../access/create-slack-people.js";

/**
 * The replier's `prepare` step: the turn's requester gets their Slack name (from the cached
 * `users.info` the access policy shares), so that plans, share pages and transcripts show a
 * person rather than `U…`. Slack not answering costs the name only: the id stays, and the turn
 * goes on.
 */
export function createSlackRequesterNamer({
  people,
  logger,
}: {
  people: SlackPeople;
  logger: Logger;
}): (turn: Turn) => Promise<SessionRequest> {
  const log = logger.child({ component: "bots.slack.people" });
  return async ({ id, request }) => {
    if (request.actor.platform !== "slack" || request.actor.name) return request;
    const person = await people(request.actor.id).catch((error: Error) => {
      log.warn("bots.slack.people.lookup_failed", {
        turn_id: id,
        user_id: request.actor.id,
        error: error.message,
      });
      return undefined;
    });
    return person?.name ? { ...request, actor: { ...request.actor, name: person.name } } : request;
  };
}
