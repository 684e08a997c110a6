import type { Catalog, SteeringCheck, SteeringGuard, SteeringPolicy } from "@baton/core";

/** Channels the catalog does not list keep their sessions to the person who started them. */
export const DEFAULT_SLACK_STEERING: SteeringPolicy = "requester";

/**
 * Who may add turns to, stop or retarget a Slack session, from the channel's `steering` in
 * baton.config.yaml: the requester only, anyone in the channel, or a list of user ids (the
 * requester always may).
 */
export function createSlackSteeringGuard(catalog: Catalog): SteeringGuard {
  const mayUserSteer = createSlackSteeringCheck(catalog);
  return (session, actor) =>
    session.conversation.platform !== "slack"
      ? { allowed: true }
      : mayUserSteer({
          channelId: session.conversation.channelId,
          requesterId: session.requester.id,
          userId: actor.id,
        });
}

export type SlackSteeringCheck = (who: {
  channelId: string;
  requesterId: string;
  userId: string;
}) => SteeringCheck;

/** The same rule for a conversation that has no session yet (its first turn is still queued). */
export function createSlackSteeringCheck(catalog: Catalog): SlackSteeringCheck {
  return ({ channelId, requesterId, userId }) => {
    if (userId === requesterId) return { allowed: true };
    const policy = catalog.slack.channels[channelId]?.steering ?? DEFAULT_SLACK_STEERING;
    if (policy === "channel") return { allowed: true };
    if (Array.isArray(policy) && policy.includes(userId)) return { allowed: true };
    return {
      allowed: false,
      reason: `Only <@${requesterId}>${Array.isArray(policy) && policy.length ? " and the people this channel lists" : ""} can steer this Baton session. Start your own with a new mention.`,
    };
  };
}
