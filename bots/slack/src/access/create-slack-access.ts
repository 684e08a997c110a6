import {
  type AccessRefusal,
  type Catalog,
  type ClaimDelivery,
  createAccessGate,
  type Logger,
  slackAccessRule,
} from "@baton/core";
import type { WebClient } from "@slack/web-api";

/** Guest status and group members change rarely; asking Slack once per this long is enough. */
export const SLACK_DIRECTORY_CACHE_MS = 5 * 60_000;

/** Who asks, where, as each entry point's payload says it. */
export interface SlackAccessRequest {
  deliveryId: string;
  /** The workspace the payload is for, and its Grid org when there is one. */
  teamId: string;
  enterpriseId?: string | null;
  /** The person's own workspace (`user_team`, `user.team_id`); another org's for Slack Connect externals. */
  userTeamId?: string;
  /** The event says the channel is shared with another organisation (Slack Connect). */
  sharedExternally?: boolean;
  /** The org or workspace Baton is installed in, for payloads that do not say whether the channel is shared. */
  home?: { teamId?: string; enterpriseId?: string };
  channelId: string;
  directMessage: boolean;
  userId: string;
  /** Where a refusal is told (the thread of the request), when there is one. */
  threadTs?: string;
}

/** True when the request may go on; otherwise it was logged and the person told once, privately. */
export type SlackAccess = (request: SlackAccessRequest) => Promise<boolean>;

const REFUSALS: Record<AccessRefusal, string> = {
  organization_not_allowed: "Baton is not available to this workspace.",
  place_not_allowed: "Baton is not available in this channel.",
  direct_messages_off: "Baton does not take requests in direct messages here: mention me in a channel.",
  external_user: "Baton does not take requests from people outside this organisation.",
  guest: "Baton does not take requests from guests.",
  user_not_allowed: "Baton is not available to you here. Ask whoever runs Baton to add you.",
  permission_too_low: "Baton is not available to you here.",
};

/**
 * Slack's side of the access policy (`access.slack`): facts from the verified payload; Slack is
 * asked about guests and user groups only when the policy needs them, and the answers are cached.
 */
export function createSlackAccess({
  catalog,
  client,
  claimDelivery,
  logger,
}: {
  catalog: Catalog;
  client: WebClient;
  claimDelivery: ClaimDelivery;
  logger: Logger;
}): SlackAccess {
  const admit = createAccessGate({
    platform: "slack",
    rule: slackAccessRule(catalog.access.slack),
    claimDelivery,
    logger,
  });
  const guests = cached(async (userId: string) => {
    const { user } = await client.users.info({ user: userId });
    return Boolean(user?.is_restricted || user?.is_ultra_restricted);
  });
  const groupMembers = cached(async (groupId: string) => {
    const { users } = await client.usergroups.users.list({ usergroup: groupId });
    return new Set(users ?? []);
  });

  return (request) => {
    const userTeam = request.userTeamId;
    const external =
      userTeam !== undefined &&
      userTeam !== request.teamId &&
      (request.sharedExternally ??
        (userTeam !== request.home?.teamId &&
          (!request.enterpriseId || request.enterpriseId !== request.home?.enterpriseId)));
    return admit(
      {
        organizationIds: [request.teamId, ...(request.enterpriseId ? [request.enterpriseId] : [])],
        place: request.directMessage ? null : request.channelId,
        userId: request.userId,
        external,
        isGuest: () => guests(request.userId),
        isMemberOfAny: async (groupIds) => {
          for (const groupId of groupIds) if ((await groupMembers(groupId)).has(request.userId)) return true;
          return false;
        },
      },
      {
        deliveryId: request.deliveryId,
        tell: (reason) =>
          client.chat.postEphemeral({
            channel: request.channelId,
            user: request.userId,
            text: REFUSALS[reason],
            ...(request.threadTs ? { thread_ts: request.threadTs } : {}),
          }),
      },
    );
  };
}

function cached<T>(load: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const entries = new Map<string, { value: Promise<T>; until: number }>();
  return (key) => {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.until > now) return hit.value;
    const value = load(key);
    // A failed lookup is not kept: the next request asks again.
    value.catch(() => entries.delete(key));
    entries.set(key, { value, until: now + SLACK_DIRECTORY_CACHE_MS });
    return value;
  };
}
