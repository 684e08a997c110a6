import type { FakeSlackMessage } from "../fake-slack-store.js";
import { type FakeSlackMethod, pickPresent, slackError, stringField } from "./fake-slack-method.js";

const CONTENT_FIELDS = ["blocks", "attachments", "metadata"] as const;

/** `chat.*`: posting, editing and deleting the bot's own messages. */
export const chatMethods: Record<string, FakeSlackMethod> = {
  "chat.postMessage": ({ body, store, identity }) => {
    const channel = stringField(body, "channel");
    if (channel === undefined) return slackError("channel_not_found");
    const text = stringField(body, "text");
    if (text === undefined && body.blocks === undefined && body.attachments === undefined) {
      return slackError("no_text");
    }
    const threadTs = stringField(body, "thread_ts");
    const message: FakeSlackMessage = {
      type: "message",
      ts: store.nextTs(),
      text: text ?? "",
      user: identity.botUserId,
      bot_id: identity.botId,
      app_id: identity.appId,
      team: identity.teamId,
      ...(threadTs === undefined ? {} : { thread_ts: threadTs }),
      ...pickPresent(body, CONTENT_FIELDS),
    };
    store.addMessage(channel, message);
    // Slack clears the app's status line under a thread once the app replies in it.
    if (threadTs !== undefined) store.clearThreadStatus(channel, threadTs);
    return { ok: true, channel, ts: message.ts, message };
  },

  "chat.update": ({ body, store, identity }) => {
    const channel = stringField(body, "channel");
    const ts = stringField(body, "ts");
    if (channel === undefined) return slackError("channel_not_found");
    const message = ts === undefined ? undefined : store.findMessage(channel, ts);
    if (message === undefined) return slackError("message_not_found");
    const text = stringField(body, "text");
    if (text !== undefined) message.text = text;
    Object.assign(message, pickPresent(body, CONTENT_FIELDS));
    message.edited = { user: identity.botUserId, ts: store.nextTs() };
    return { ok: true, channel, ts: message.ts, text: message.text, message };
  },

  "chat.delete": ({ body, store }) => {
    const channel = stringField(body, "channel");
    const ts = stringField(body, "ts");
    if (channel === undefined) return slackError("channel_not_found");
    if (ts === undefined || !store.deleteMessage(channel, ts)) return slackError("message_not_found");
    return { ok: true, channel, ts };
  },

  // Ephemeral messages are never stored: Slack does not return them from history either.
  "chat.postEphemeral": ({ body, store }) => {
    if (stringField(body, "channel") === undefined) return slackError("channel_not_found");
    if (stringField(body, "user") === undefined) return slackError("user_not_in_channel");
    return { ok: true, message_ts: store.nextTs() };
  },

  "chat.getPermalink": ({ body, identity }) => {
    const channel = stringField(body, "channel");
    const ts = stringField(body, "message_ts");
    if (channel === undefined) return slackError("channel_not_found");
    if (ts === undefined) return slackError("message_not_found");
    const permalink = `https://${identity.teamDomain}.slack.com/archives/${channel}/p${ts.replace(".", "")}`;
    return { ok: true, channel, permalink };
  },
};
