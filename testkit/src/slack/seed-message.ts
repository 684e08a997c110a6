import type { FakeSlackIdentity } from "./fake-slack-defaults.js";
import type { FakeSlackMessage, FakeSlackStore } from "./fake-slack-store.js";

export interface SeedMessageInput {
  channel: string;
  text: string;
  /** Defaults to the next fake timestamp, later than anything stored so far. */
  ts?: string;
  /** Author; defaults to the fake's `userId` unless `botId` is given. */
  user?: string;
  botId?: string;
  threadTs?: string;
  subtype?: string;
  blocks?: unknown;
}

/**
 * Stores a message as if someone had posted it, so `conversations.history` and
 * `conversations.replies` return it. Returns the stored message, with its `ts`.
 */
export function seedMessageInto(
  store: FakeSlackStore,
  { channel, text, ts, user, botId, threadTs, subtype, blocks }: SeedMessageInput,
  identity: FakeSlackIdentity,
): FakeSlackMessage {
  const author = user ?? (botId === undefined ? identity.userId : undefined);
  const message: FakeSlackMessage = {
    type: "message",
    ts: ts ?? store.nextTs(),
    text,
    team: identity.teamId,
    ...(author === undefined ? {} : { user: author }),
    ...(botId === undefined ? {} : { bot_id: botId }),
    ...(threadTs === undefined ? {} : { thread_ts: threadTs }),
    ...(subtype === undefined ? {} : { subtype }),
    ...(blocks === undefined ? {} : { blocks }),
  };
  return store.addMessage(channel, message);
}
