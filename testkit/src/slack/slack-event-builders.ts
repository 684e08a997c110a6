import {
  buildEventEnvelope,
  type EventEnvelopeOptions,
  newMessageTs,
  type SlackEventEnvelope,
} from "./slack-event-envelope.js";

export interface AppMentionEventInput extends EventEnvelopeOptions {
  channelId: string;
  userId: string;
  /** Include the mention itself (`<@U…>`) if the code under test strips it. */
  text: string;
  ts?: string;
  threadTs?: string;
}

export interface AppMentionEvent {
  type: "app_mention";
  user: string;
  text: string;
  ts: string;
  channel: string;
  event_ts: string;
  team: string;
  thread_ts?: string;
}

/** An `app_mention` event in its `event_callback` envelope. */
export function buildAppMentionEvent(input: AppMentionEventInput): SlackEventEnvelope<AppMentionEvent> {
  const { channelId, userId, text, ts = newMessageTs(), threadTs, ...envelope } = input;
  const event: AppMentionEvent = {
    type: "app_mention",
    user: userId,
    text,
    ts,
    channel: channelId,
    event_ts: ts,
    team: envelope.teamId,
    ...(threadTs === undefined ? {} : { thread_ts: threadTs }),
  };
  return buildEventEnvelope(event, envelope);
}

export type SlackChannelType = "channel" | "group" | "im" | "mpim";

export interface MessageEventInput extends EventEnvelopeOptions {
  channelId: string;
  text: string;
  userId?: string;
  ts?: string;
  threadTs?: string;
  /** Defaults from the channel id: `D…` is a DM (`im`), anything else `channel`. */
  channelType?: SlackChannelType;
  /** E.g. `bot_message` or `message_changed`; the latter nests the edited message like Slack. */
  subtype?: string;
  botId?: string;
  /** For `message_changed`: the text before the edit. */
  previousText?: string;
}

export interface MessageEvent {
  type: "message";
  channel: string;
  channel_type: SlackChannelType;
  ts: string;
  event_ts: string;
  [field: string]: unknown;
}

/**
 * A `message` event (channel message, DM, bot message or edit) in its envelope.
 *
 * @example
 * buildMessageEvent({ teamId: "T1", channelId: "D1", userId: "U1", text: "hello" }); // a DM
 */
export function buildMessageEvent(input: MessageEventInput): SlackEventEnvelope<MessageEvent> {
  const {
    channelId,
    text,
    userId,
    ts = newMessageTs(),
    threadTs,
    channelType,
    subtype,
    botId,
    previousText = "",
    ...envelope
  } = input;
  const message = {
    type: "message" as const,
    ...(subtype === undefined || subtype === "message_changed" ? {} : { subtype }),
    ...(userId === undefined ? {} : { user: userId }),
    ...(botId === undefined ? {} : { bot_id: botId }),
    text,
    ts,
    ...(threadTs === undefined ? {} : { thread_ts: threadTs }),
  };
  const channel = {
    channel: channelId,
    channel_type: channelType ?? (channelId.startsWith("D") ? "im" : "channel"),
  };
  if (subtype !== "message_changed") {
    return buildEventEnvelope({ ...message, ...channel, team: envelope.teamId, event_ts: ts }, envelope);
  }
  // Slack reports an edit as a new event (its own ts) carrying the edited and previous message.
  const editTs = newMessageTs();
  const edited = { ...message, edited: { user: userId ?? botId ?? "", ts: editTs } };
  const previous = { ...message, text: previousText };
  const event = { type: "message" as const, subtype, hidden: true, ...channel, ts: editTs, event_ts: editTs };
  return buildEventEnvelope({ ...event, message: edited, previous_message: previous }, envelope);
}

/** A `url_verification` request, which Slack sends once when the request URL is configured. */
export function buildUrlVerification(challenge: string, verificationToken = "fake-verification-token") {
  return { token: verificationToken, challenge, type: "url_verification" as const };
}
