import {
  createContextCache,
  errorMessage,
  type Logger,
  type RequestContextProvider,
  type SessionRequest,
} from "@baton/core";
import type { WebClient } from "@slack/web-api";
import { SLACK_CONTEXT_KEYS } from "../policy/slack-context.js";

/** A channel renamed or re-topiced reaches the classifier within this long. */
export const SLACK_CHANNEL_CACHE_TTL_MS = 5 * 60_000;
/** Channels remembered per worker; past it the oldest is looked up again when next needed. */
export const SLACK_CHANNEL_CACHE_MAX_ENTRIES = 2_000;
/** The thread's last messages before the request that the classifier reads, oldest first. */
export const SLACK_THREAD_CONTEXT_MESSAGES = 10;
/** Replies fetched to find them: one page, enough for all but the longest threads. */
const SLACK_THREAD_FETCH_LIMIT = 200;
/** One thread message as the classifier reads it; a pasted log need not come whole. */
const SLACK_THREAD_LINE_MAX_CHARS = 500;
/** Where Slack adapters keep the ts of the message that made the request (not the thread's root). */
const MESSAGE_TS_KEY = "slack.messageTs";

export interface SlackContextProviderOptions {
  /** The bot's Web API client (`SlackBot.client`), pointed at Slack or at the testkit's fake. */
  client: Pick<WebClient, "conversations">;
  logger: Logger;
  channelTtlMs?: number;
  threadMessages?: number;
}

interface SlackChannelContext {
  name?: string;
  topic?: string;
}

/**
 * The live context of a Slack request, for the classifier: the channel's name and its topic and
 * purpose (`conversations.info`, cached per channel), and the earlier messages of the thread the
 * request was written in (`conversations.replies`, never cached: a thread grows). A lookup that
 * fails is logged and left out; the other still counts.
 *
 * @example
 * const provider = createSlackContextProvider({ client: slackBot.client, logger });
 * createTurnRunner({ ..., requestContext: { slack: provider } });
 */
export function createSlackContextProvider({
  client,
  logger,
  channelTtlMs = SLACK_CHANNEL_CACHE_TTL_MS,
  threadMessages = SLACK_THREAD_CONTEXT_MESSAGES,
}: SlackContextProviderOptions): RequestContextProvider {
  const log = logger.child({ component: "bots.slack.context" });
  const channels = createContextCache<SlackChannelContext>({
    ttlMs: channelTtlMs,
    maxEntries: SLACK_CHANNEL_CACHE_MAX_ENTRIES,
  });

  async function readChannel(channelId: string): Promise<SlackChannelContext> {
    const { channel } = await client.conversations.info({ channel: channelId });
    // A direct message has no name worth reading: Slack reports the other person's id.
    const name = channel?.is_im ? undefined : channel?.name;
    const topic = [channel?.topic?.value, channel?.purpose?.value]
      .map((value) => value?.trim() ?? "")
      .filter((value, i, all) => value.length > 0 && all.indexOf(value) === i)
      .join("\n");
    return { ...(name ? { name } : {}), ...(topic ? { topic } : {}) };
  }

  async function readThread(channelId: string, threadTs: string, messageTs: string): Promise<string> {
    const { messages = [] } = await client.conversations.replies({
      channel: channelId,
      ts: threadTs,
      limit: SLACK_THREAD_FETCH_LIMIT,
    });
    return (
      messages
        // People's messages only: Baton's own replies and joins or topic changes say nothing new.
        .filter(
          (m) =>
            m.ts !== undefined &&
            isEarlier(m.ts, messageTs) &&
            !m.bot_id &&
            !(m as { subtype?: string }).subtype &&
            m.text,
        )
        .slice(-threadMessages)
        .map((m) => {
          const text = (m.text ?? "").replace(/\s+/g, " ").trim().slice(0, SLACK_THREAD_LINE_MAX_CHARS);
          return m.user ? `<@${m.user}>: ${text}` : text;
        })
        .join("\n")
    );
  }

  return async (request: SessionRequest) => {
    const { conversation } = request;
    if (conversation.platform !== "slack") return {};
    const { teamId, channelId, threadTs } = conversation;
    const messageTs = request.context[MESSAGE_TS_KEY];
    // A message that opens its thread has nothing earlier in it to read.
    const inThread = messageTs !== undefined && messageTs !== threadTs;
    const [channel, thread] = await Promise.allSettled([
      channels.get(`${teamId}:${channelId}`, () => readChannel(channelId)),
      inThread ? readThread(channelId, threadTs, messageTs) : Promise.resolve(""),
    ]);
    const context: Record<string, string> = {};
    if (channel.status === "fulfilled") {
      if (channel.value.name) context[SLACK_CONTEXT_KEYS.channelName] = channel.value.name;
      if (channel.value.topic) context[SLACK_CONTEXT_KEYS.channelTopic] = channel.value.topic;
    } else {
      log.warn("bots.slack.context_lookup_failed", {
        method: "conversations.info",
        error: describe(channel.reason),
      });
    }
    if (thread.status === "fulfilled") {
      if (thread.value) context[SLACK_CONTEXT_KEYS.thread] = thread.value;
    } else {
      log.warn("bots.slack.context_lookup_failed", {
        method: "conversations.replies",
        error: describe(thread.reason),
      });
    }
    return context;
  };
}

// Slack timestamps are "seconds.micros" strings; as numbers they would lose the micros.
function isEarlier(ts: string, than: string): boolean {
  const [seconds = "", micros = ""] = ts.split(".");
  const [thanSeconds = "", thanMicros = ""] = than.split(".");
  if (seconds.length !== thanSeconds.length) return seconds.length < thanSeconds.length;
  if (seconds !== thanSeconds) return seconds < thanSeconds;
  return micros.padEnd(6, "0") < thanMicros.padEnd(6, "0");
}

// The Web API's errors carry Slack's error code (`channel_not_found`); tokens never appear in them.
function describe(error: unknown): string {
  const code = (error as { data?: { error?: unknown } } | undefined)?.data?.error;
  if (typeof code === "string") return code;
  return errorMessage(error);
}
