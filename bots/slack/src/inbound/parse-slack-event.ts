import { requestIdForDelivery, type SessionRequest } from "@baton/core";
import type { SlackEnvelope, SlackMessageEvent } from "./slack-envelope.js";

/** Who Baton is in this workspace: found once at startup with `auth.test`. */
export interface SlackIdentity {
  botUserId: string;
  botId: string;
}

export type SlackEventIgnoredReason =
  | "bot_message"
  | "own_message"
  | "edited_or_deleted"
  | "unsupported_event"
  | "empty_text"
  | "missing_fields";

export type SlackEventParse =
  | { kind: "request"; request: SessionRequest }
  | { kind: "ignored"; reason: SlackEventIgnoredReason };

type EventCallback = Extract<SlackEnvelope, { type: "event_callback" }>;

/**
 * Turns a verified Events API callback into a session request, or says why it is not one.
 * Bots (Baton included) never start sessions, so that two bots cannot talk each other into a loop.
 */
export function parseSlackEvent(envelope: EventCallback, identity: SlackIdentity, receivedAt: Date): SlackEventParse {
  const { event } = envelope;
  if (!isAddressedToBaton(event)) return { kind: "ignored", reason: "unsupported_event" };
  if (event.subtype === "message_changed" || event.subtype === "message_deleted") {
    return { kind: "ignored", reason: "edited_or_deleted" };
  }
  if (event.user === identity.botUserId || event.bot_id === identity.botId) return { kind: "ignored", reason: "own_message" };
  if (event.bot_id || event.subtype === "bot_message") return { kind: "ignored", reason: "bot_message" };
  if (event.subtype && event.subtype !== "file_share" && event.subtype !== "thread_broadcast") {
    return { kind: "ignored", reason: "unsupported_event" };
  }
  if (!event.user || !event.channel || !event.ts) return { kind: "ignored", reason: "missing_fields" };
  const text = stripMention(event.text ?? "", identity.botUserId);
  if (text.length === 0 && !event.files?.length) return { kind: "ignored", reason: "empty_text" };

  const request: SessionRequest = {
    version: 1,
    id: requestIdForDelivery("slack", envelope.event_id),
    deliveryId: envelope.event_id,
    conversation: {
      platform: "slack",
      teamId: envelope.team_id,
      channelId: event.channel,
      // A mention outside a thread starts one under itself.
      threadTs: event.thread_ts ?? event.ts,
    },
    actor: { platform: "slack", id: event.user },
    text,
    attachments: (event.files ?? []).flatMap((file) =>
      file.url_private
        ? [{ kind: file.mimetype?.startsWith("image/") ? ("image" as const) : ("file" as const), url: file.url_private, name: file.name, mimeType: file.mimetype }]
        : [],
    ),
    hints: {},
    context: {
      "slack.messageTs": event.ts,
      "slack.channelType": event.channel_type ?? (event.type === "app_mention" ? "channel" : "unknown"),
    },
    receivedAt: receivedAt.toISOString(),
  };
  return { kind: "request", request };
}

/** An `app_mention`, or a message in a DM with Baton (which needs no mention). */
function isAddressedToBaton(event: SlackMessageEvent): boolean {
  return event.type === "app_mention" || (event.type === "message" && event.channel_type === "im");
}

function stripMention(text: string, botUserId: string): string {
  // Only the mention goes: the rest keeps its line breaks (people paste code and logs).
  return text.replaceAll(new RegExp(`<@${botUserId}>[ \\t]?`, "g"), "").trim();
}
