import { type Catalog, checkAccess, type SessionRequest, slackAccessRule } from "@baton/core";
import type { WebClient } from "@slack/web-api";
import type { SlackPeople } from "./create-slack-people.js";

/**
 * Whether the person of a request that already reached the worker may start sessions in its
 * channel, by the same access policy the door applies (`access.slack`), asked quietly: it decides
 * whether their choice of target teaches routing anything, and tells nobody. Lookups Slack cannot
 * answer fail closed, so an unknown person's choice is not learned.
 */
export function createSlackSessionCheck({
  catalog,
  client,
  people,
}: {
  catalog: Catalog;
  client: WebClient;
  people: SlackPeople;
}): (request: SessionRequest) => Promise<boolean> {
  const rule = slackAccessRule(catalog.access.slack);
  return async ({ conversation, actor }) => {
    if (conversation.platform !== "slack") return false;
    const check = await checkAccess(rule, {
      organizationIds: [conversation.teamId],
      place: conversation.channelId,
      userId: actor.id,
      external: false,
      isGuest: () =>
        people(actor.id).then(
          (person) => person.guest,
          () => true,
        ),
      isMemberOfAny: async (groupIds) => {
        for (const groupId of groupIds) {
          const listed = await client.usergroups.users
            .list({ usergroup: groupId, team_id: conversation.teamId })
            .then(
              ({ users }) => users ?? [],
              (): string[] => [],
            );
          if (listed.includes(actor.id)) return true;
        }
        return false;
      },
    });
    return check.allowed;
  };
}
