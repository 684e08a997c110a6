import {
  type AccessRefusal,
  type Catalog,
  type ClaimDelivery,
  createAccessGate,
  createTtlCache,
  type Logger,
} from "@baton/core";
import type { WebClient } from "@slack/web-api";
import { slackAccessRuleOf } from "../policy/slack-catalog.js";
import { SLACK_DIRECTORY_CACHE_MS, type SlackPeople } from "./create-slack-people.js";

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
  /** Refused without a word: for what nobody asked Baton (a reply in a session's thread). */
  quiet?: boolean;
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
  people,
  claimDelivery,
  logger,
}: {
  catalog: Catalog;
  client: WebClient;
  /** Who a person is (guest or not), cached and shared with the turns that name them. */
  people: SlackPeople;
  claimDelivery: ClaimDelivery;
  logger: Logger;
}): SlackAccess {
  const log = logger.child({ component: "bots.slack.access" });
  const admit = createAccessGate({
    platform: "slack",
    rule: slackAccessRuleOf(catalog),
    claimDelivery,
    logger,
  });
  const cacheOptions = { ttlMs: SLACK_DIRECTORY_CACHE_MS };
  // Keyed by workspace and group: an org-wide install names the workspace whose members it asks for.
  const groupMembers = createTtlCache(async (key) => {
    const [teamId, groupId] = key.split("/") as [string, string];
    const { users } = await client.usergroups.users.list({ usergroup: groupId, team_id: teamId });
    return new Set(users ?? []);
  }, cacheOptions);
  // A lookup Slack cannot answer (a deleted group, a missing scope, an outage) fails closed: the
  // person counts as a guest and as no group's member, so the policy lets in only whom Slack confirms.
  const logLookupFailure = (
    lookup: "guest" | "user_group",
    request: SlackAccessRequest,
    error: Error,
    fields: Record<string, unknown> = {},
  ) =>
    log.warn("bots.slack.access.lookup_failed", {
      lookup,
      delivery_id: request.deliveryId,
      user_id: request.userId,
      ...fields,
      error: error.message,
    });

  return (request) => {
    const external = isSlackConnectExternal(request);
    return admit(
      {
        organizationIds: [request.teamId, ...(request.enterpriseId ? [request.enterpriseId] : [])],
        place: request.directMessage ? null : request.channelId,
        userId: request.userId,
        external,
        isGuest: () =>
          people(request.userId).then(
            (person) => person.guest,
            (error: Error) => {
              logLookupFailure("guest", request, error);
              return true;
            },
          ),
        isMemberOfAny: async (groupIds) => {
          for (const groupId of groupIds) {
            const member = await groupMembers(`${request.teamId}/${groupId}`).then(
              (members) => members.has(request.userId),
              (error: Error) => {
                logLookupFailure("user_group", request, error, { user_group: groupId });
                return false;
              },
            );
            if (member) return true;
          }
          return false;
        },
      },
      {
        deliveryId: request.deliveryId,
        tell: async (reason) => {
          if (request.quiet) return;
          await client.chat.postEphemeral({
            channel: request.channelId,
            user: request.userId,
            text: REFUSALS[reason],
            ...(request.threadTs ? { thread_ts: request.threadTs } : {}),
          });
        },
      },
    );
  };
}

/** Whether the person comes from another organisation (a Slack Connect external), as the payload says. */
export function isSlackConnectExternal(
  request: Pick<SlackAccessRequest, "teamId" | "enterpriseId" | "userTeamId" | "sharedExternally" | "home">,
): boolean {
  const userTeam = request.userTeamId;
  return (
    userTeam !== undefined &&
    userTeam !== request.teamId &&
    (request.sharedExternally ??
      (userTeam !== request.home?.teamId &&
        (!request.enterpriseId || request.enterpriseId !== request.home?.enterpriseId)))
  );
}
