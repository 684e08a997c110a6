import { randomBytes, randomInt } from "node:crypto";
import { FAKE_SLACK_DEFAULTS } from "./fake-slack-defaults.js";

export interface EventEnvelopeOptions {
  teamId: string;
  apiAppId?: string;
  /** The bot user (U…) the event is delivered for; ends up in `authorizations[0].user_id`. */
  botUserId?: string;
  /** Reuse an id to simulate Slack redelivering the same event. */
  eventId?: string;
  /** Unix time in seconds; defaults to now. */
  eventTime?: number;
  /** The legacy verification token Slack still sends in every envelope. */
  verificationToken?: string;
}

export interface SlackAuthorization {
  enterprise_id: null;
  team_id: string;
  user_id: string;
  is_bot: true;
  is_enterprise_install: false;
}

export interface SlackEventEnvelope<TEvent> {
  token: string;
  team_id: string;
  api_app_id: string;
  event: TEvent;
  type: "event_callback";
  event_id: string;
  event_time: number;
  authorizations: SlackAuthorization[];
  is_ext_shared_channel: false;
  event_context: string;
}

/**
 * Wraps an event in the `event_callback` envelope Slack POSTs to the Events API request URL.
 *
 * @example
 * buildEventEnvelope({ type: "reaction_added", user: "U1", reaction: "eyes" }, { teamId: "T1" });
 */
export function buildEventEnvelope<TEvent>(
  event: TEvent,
  {
    teamId,
    apiAppId = FAKE_SLACK_DEFAULTS.appId,
    botUserId = FAKE_SLACK_DEFAULTS.botUserId,
    eventId = newEventId(),
    eventTime = Math.floor(Date.now() / 1000),
    verificationToken = "fake-verification-token",
  }: EventEnvelopeOptions,
): SlackEventEnvelope<TEvent> {
  return {
    token: verificationToken,
    team_id: teamId,
    api_app_id: apiAppId,
    event,
    type: "event_callback",
    event_id: eventId,
    event_time: eventTime,
    authorizations: [
      {
        enterprise_id: null,
        team_id: teamId,
        user_id: botUserId,
        is_bot: true,
        is_enterprise_install: false,
      },
    ],
    is_ext_shared_channel: false,
    event_context: `4-fake-${eventId}`,
  };
}

/** A fresh message timestamp for now; the random micros keep two events in one second apart. */
export function newMessageTs(): string {
  const seconds = Math.floor(Date.now() / 1000);
  return `${seconds}.${String(randomInt(1_000_000)).padStart(6, "0")}`;
}

function newEventId(): string {
  return `Ev${randomBytes(5).toString("hex").toUpperCase()}`;
}
