import type { FakeSlackMessage } from "../fake-slack-store.js";
import { type FakeSlackMethod, slackError, stringField } from "./fake-slack-method.js";

const DEFAULT_PAGE_SIZE = 100;

/** `conversations.*`: reading back what was posted or seeded, and channel details. */
export const conversationMethods: Record<string, FakeSlackMethod> = {
  // Slack returns history newest first and leaves thread replies out (only their parents appear).
  "conversations.history": ({ body, store }) => {
    const channel = stringField(body, "channel");
    if (channel === undefined) return slackError("channel_not_found");
    const all = store.messagesIn(channel);
    const topLevel = all.filter(
      (message) => message.thread_ts === undefined || message.thread_ts === message.ts,
    );
    const newestFirst = topLevel.reverse().map((message) => withThreadSummary(message, all));
    return page(newestFirst, pageSize(body));
  },

  // Replies come oldest first with the parent at the head, as in Slack.
  "conversations.replies": ({ body, store }) => {
    const channel = stringField(body, "channel");
    const ts = stringField(body, "ts");
    if (channel === undefined) return slackError("channel_not_found");
    if (ts === undefined) return slackError("thread_not_found");
    const all = store.messagesIn(channel);
    const thread = all.filter((message) => message.ts === ts || message.thread_ts === ts);
    if (thread.length === 0) return slackError("thread_not_found");
    return page(
      thread.map((message) => withThreadSummary(message, all)),
      pageSize(body),
    );
  },

  "conversations.info": ({ body, directory }) => {
    const channel = stringField(body, "channel");
    if (channel === undefined) return slackError("channel_not_found");
    return { ok: true, channel: directory.channel(channel) };
  },
};

function pageSize(body: Record<string, unknown>): number {
  const limit = Number(stringField(body, "limit"));
  return Number.isInteger(limit) && limit > 0 ? limit : DEFAULT_PAGE_SIZE;
}

// next_cursor is always empty, so WebClient's paginate() stops after this page.
function page(messages: FakeSlackMessage[], size: number) {
  return {
    ok: true as const,
    messages: messages.slice(0, size),
    has_more: messages.length > size,
    response_metadata: { next_cursor: "" },
  };
}

/** Adds the reply fields Slack puts on a thread's parent message. */
function withThreadSummary(message: FakeSlackMessage, all: FakeSlackMessage[]): FakeSlackMessage {
  const replies = all.filter((reply) => reply.thread_ts === message.ts && reply.ts !== message.ts);
  const latest = replies.at(-1);
  if (latest === undefined) return message;
  const replyUsers = [...new Set(replies.map((reply) => reply.user ?? reply.bot_id ?? ""))];
  return {
    ...message,
    thread_ts: message.ts,
    reply_count: replies.length,
    reply_users: replyUsers,
    reply_users_count: replyUsers.length,
    latest_reply: latest.ts,
  } as FakeSlackMessage;
}
