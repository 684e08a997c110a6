import { type Catalog, checkAccess, type SessionRequest } from "@baton/core";
import type { WebClient } from "@slack/web-api";
import { slackAccessRuleOf } from "../policy/slack-catalog.js";
import type { SlackPeople } from "./create-slack-people.js";

/** May this person start sessions in this channel? */
export type SlackSessionCheck = (who: {
  teamId: string;
  channelId: string;
  userId: string;
  /** A Slack Connect external (`isSlackConnectExternal`); not one when not said (the door checked). */
  external?: boolean;
}) => Promise<boolean>;

/** The check as the worker asks it, of a request's person and channel. */
export function checkSlackRequest(check: SlackSessionCheck): (request: SessionRequest) => Promise<boolean> {
  return async ({ conversation, actor }) =>
    conversation.platform === "slack" &&
    check({ teamId: conversation.teamId, channelId: conversation.channelId, userId: actor.id });
}

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
}): SlackSessionCheck {
  const rule = slackAccessRuleOf(catalog);
  return async ({ teamId, channelId, userId, external = false }) => {
    const check = await checkAccess(rule, {
      organizationIds: [teamId],
      place: channelId,
      userId,
      external,
      isGuest: () =>
        people(userId).then(
          (person) => person.guest,
          () => true,
        ),
      isMemberOfAny: async (groupIds) => {
        for (const groupId of groupIds) {
          const listed = await client.usergroups.users.list({ usergroup: groupId, team_id: teamId }).then(
            ({ users }) => users ?? [],
            (): string[] => [],
          );
          if (listed.includes(userId)) return true;
        }
        return false;
      },
    });
    return check.allowed;
  };
}
