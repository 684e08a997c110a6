import { type ControlWord, parseControlWord } from "@baton/core";
import { readSlackForwards, type SlackForward } from "./read-slack-forwards.js";
import { type SlackConversationRef, slackConversation, slackConversationTeam } from "./slack-conversation.js";
import type { SlackEnvelope, SlackMessageEvent } from "./slack-envelope.js";

/** Who Baton is in this workspace: found once at startup with `auth.test`. */
export interface SlackIdentity {
  botUserId: string;
  botId: string;
  /** The workspace (and Grid org) Baton is installed in: people from elsewhere are Slack Connect externals. */
  teamId?: string;
  enterpriseId?: string;
}

export type SlackEventIgnoredReason =
  | "bot_message"
  | "own_message"
  | "edited_or_deleted"
  | "unsupported_event"
  | "not_addressed"
  | "handled_as_mention"
  | "empty_text"
  | "missing_fields";

/** Who said what where: the parts of a message event the bot acts on. */
export interface SlackMessage {
  conversation: SlackConversationRef;
  userId: string;
  /** The person's own words (a forward's comment), without the mention. */
  text: string;
  messageTs: string;
  channelType: string;
  files: NonNullable<SlackMessageEvent["files"]>;
  /** Messages it forwards, which the request quotes after the person's words. */
  forwards: SlackForward[];
}

export type SlackEventParse =
  | { kind: "prompt"; message: SlackMessage }
  | { kind: "control"; word: ControlWord; message: SlackMessage }
  | { kind: "thread_message"; message: SlackMessage }
  /** Addressed to Baton, with nothing but forwards Slack gave no text or files for: Baton says so. */
  | { kind: "unreadable_forward"; message: SlackMessage }
  | { kind: "stop_signal"; conversation: SlackConversationRef; userId: string | undefined }
  | { kind: "ignored"; reason: SlackEventIgnoredReason };

type EventCallback = Extract<SlackEnvelope, { type: "event_callback" }>;

/**
 * Sorts a verified Events API callback: a prompt for Baton (a mention, or any DM), a control word
 * (`@baton stop`), a message in a thread (context for the next turn), Slack's own stop control,
 * or something to ignore, with the reason. Bots, Baton included, never start sessions, so two bots
 * cannot talk each other into a loop.
 */
export function parseSlackEvent(envelope: EventCallback, identity: SlackIdentity): SlackEventParse {
  const { event } = envelope;
  const team =
    slackConversationTeam({ enterpriseId: envelope.enterprise_id, teamId: envelope.team_id }) ??
    envelope.team_id;
  if (event.type === "agent_session_stopped" || event.type === "assistant_thread_stopped") {
    const threadTs = event.thread_ts ?? event.ts;
    if (!event.channel || !threadTs) return { kind: "ignored", reason: "missing_fields" };
    return {
      kind: "stop_signal",
      conversation: slackConversation(team, event.channel, threadTs),
      userId: event.user,
    };
  }
  if (event.type !== "app_mention" && event.type !== "message")
    return { kind: "ignored", reason: "unsupported_event" };
  if (event.subtype === "message_changed" || event.subtype === "message_deleted")
    return { kind: "ignored", reason: "edited_or_deleted" };
  if (event.user === identity.botUserId || event.bot_id === identity.botId)
    return { kind: "ignored", reason: "own_message" };
  if (event.bot_id || event.subtype === "bot_message") return { kind: "ignored", reason: "bot_message" };
  if (event.subtype && event.subtype !== "file_share" && event.subtype !== "thread_broadcast") {
    return { kind: "ignored", reason: "unsupported_event" };
  }
  if (!event.user || !event.channel || !event.ts) return { kind: "ignored", reason: "missing_fields" };

  const mention = `<@${identity.botUserId}>`;
  const mentionsBaton = (event.text ?? "").includes(mention);
  const isDirectMessage = event.channel_type === "im";
  const isThreadReply = event.thread_ts !== undefined && event.thread_ts !== event.ts;
  // A mention in a channel also arrives as a plain message event; the app_mention speaks for it.
  if (event.type === "message" && mentionsBaton && !isDirectMessage)
    return { kind: "ignored", reason: "handled_as_mention" };

  const { forwards, unreadable } = readSlackForwards(event.attachments);
  const message: SlackMessage = {
    // A prompt outside a thread starts one under itself.
    conversation: slackConversation(team, event.channel, event.thread_ts ?? event.ts),
    userId: event.user,
    text: stripMention(event.text ?? "", identity.botUserId),
    messageTs: event.ts,
    channelType: event.channel_type ?? (event.type === "app_mention" ? "channel" : "unknown"),
    files: event.files ?? [],
    forwards,
  };
  const addressed = event.type === "app_mention" || isDirectMessage;
  if (!addressed)
    return isThreadReply ? { kind: "thread_message", message } : { kind: "ignored", reason: "not_addressed" };
  const word = parseControlWord(message.text);
  if (word) return { kind: "control", word, message };
  if (message.text.length === 0 && message.files.length === 0 && forwards.length === 0)
    return unreadable ? { kind: "unreadable_forward", message } : { kind: "ignored", reason: "empty_text" };
  return { kind: "prompt", message };
}

// A mention pattern per bot user id, built once rather than on every event.
const mentionPatterns = new Map<string, RegExp>();

function stripMention(text: string, botUserId: string): string {
  let pattern = mentionPatterns.get(botUserId);
  if (!pattern) {
    pattern = new RegExp(`<@${botUserId}>[ \\t]?`, "g");
    mentionPatterns.set(botUserId, pattern);
  }
  // Only the mention goes: the rest keeps its line breaks (people paste code and logs).
  return text.replaceAll(pattern, "").trim();
}
