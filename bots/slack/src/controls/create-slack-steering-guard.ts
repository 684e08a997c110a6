import {
  type Catalog,
  createSteeringRule,
  DEFAULT_STEERING_POLICY,
  type SteeringGuard,
  type SteeringPolicy,
  type SteeringRule,
} from "@baton/core";
import { slackCatalogOf } from "../policy/slack-catalog.js";

/** Channels the catalog does not list keep their sessions to the person who started them. */
export const DEFAULT_SLACK_STEERING: SteeringPolicy = DEFAULT_STEERING_POLICY;

/**
 * Who may add turns to, stop or retarget a Slack session, from the channel's `steering` in
 * baton.config.yaml: the requester only, anyone in the channel, or a list of user ids (the
 * requester always may).
 */
export function createSlackSteeringRule(catalog: Catalog): SteeringRule {
  return createSteeringRule({
    platform: "slack",
    placeOf: (conversation) => (conversation.platform === "slack" ? conversation.channelId : ""),
    policyOf: (channelId) => slackCatalogOf(catalog).channels[channelId]?.steering,
    refusal: ({ requesterId, policy }) =>
      `Only <@${requesterId}>${Array.isArray(policy) && policy.length ? " and the people this channel lists" : ""} can steer this Baton session. Start your own with a new mention.`,
  });
}

/** The worker's check for Slack sessions (other platforms' sessions pass). */
export function createSlackSteeringGuard(catalog: Catalog): SteeringGuard {
  return createSlackSteeringRule(catalog).guard;
}
