import type { Catalog, SteeringGuard, SteeringPolicy } from "@baton/core";

/** Channels the catalog does not list keep their sessions to the person who started them. */
export const DEFAULT_SLACK_STEERING: SteeringPolicy = "requester";

/**
 * Who may add turns to, stop or retarget a Slack session, from the channel's `steering` in
 * baton.config.yaml: the requester only, anyone in the channel, or a list of user ids (the
 * requester always may).
 */
export function createSlackSteeringGuard(catalog: Catalog): SteeringGuard {
  return (session, actor) => {
    if (session.conversation.platform !== "slack" || actor.id === session.requester.id) return { allowed: true };
    const policy = catalog.slack.channels[session.conversation.channelId]?.steering ?? DEFAULT_SLACK_STEERING;
    if (policy === "channel") return { allowed: true };
    if (Array.isArray(policy) && policy.includes(actor.id)) return { allowed: true };
    return {
      allowed: false,
      reason: `Only <@${session.requester.id}>${Array.isArray(policy) && policy.length ? " and the people this channel lists" : ""} can steer this Baton session. Start your own with a new mention.`,
    };
  };
}
