/** A message as Slack returns it from `conversations.history` (no `channel` field; that is the key). */
export interface FakeSlackMessage {
  type: "message";
  ts: string;
  text: string;
  user?: string;
  bot_id?: string;
  app_id?: string;
  team?: string;
  subtype?: string;
  thread_ts?: string;
  blocks?: unknown;
  attachments?: unknown;
  metadata?: unknown;
  edited?: { user: string; ts: string };
}

export interface FakeSlackStore {
  /** A fresh timestamp, later than every one handed out before, in Slack's `seconds.micros` form. */
  nextTs(): string;
  nextViewId(): string;
  addMessage(channel: string, message: FakeSlackMessage): FakeSlackMessage;
  findMessage(channel: string, ts: string): FakeSlackMessage | undefined;
  deleteMessage(channel: string, ts: string): boolean;
  /** Every stored message in `channel`, oldest first, thread replies included. */
  messagesIn(channel: string): FakeSlackMessage[];
  /** Returns false when this reaction was already there. */
  addReaction(channel: string, ts: string, name: string): boolean;
  /** Returns false when there was no such reaction. */
  removeReaction(channel: string, ts: string, name: string): boolean;
  reactionsOn(channel: string, ts: string): string[];
  /** The app's status line under a thread (`assistant.threads.setStatus`); an empty status clears it. */
  setThreadStatus(channel: string, threadTs: string, status: string): void;
  /** Cleared as Slack clears it: when the app replies in the thread. */
  clearThreadStatus(channel: string, threadTs: string): void;
  /** The thread's status line now, or undefined: none set, cleared, or lapsed after two minutes. */
  threadStatus(channel: string, threadTs: string): string | undefined;
  reset(): void;
}

/** Slack removes a status line after two minutes without a message from the app. */
export const THREAD_STATUS_TIMEOUT_MS = 120_000;

// Fixed and far in the past so timestamps are deterministic and sort before anything "real".
const FIRST_TS_SECONDS = 1_700_000_000;
const TS_STEP_MICROS = 100;
const MICROS_PER_SECOND = 1_000_000;

/** In-memory messages and reactions: what the fake's methods read and write. */
export function createFakeSlackStore({
  firstTsSeconds = FIRST_TS_SECONDS,
  now = Date.now,
}: {
  firstTsSeconds?: number;
  /** Where a status line's two minutes are read from. */
  now?: () => number;
} = {}): FakeSlackStore {
  // Counters survive reset() so timestamps and ids stay unique for the fake's whole life.
  let tsCount = 0;
  let viewCount = 0;
  const messages = new Map<string, FakeSlackMessage[]>();
  /** Each channel's messages by ts (the first stored with a ts, as a search from the start finds). */
  const messageIndex = new Map<string, Map<string, FakeSlackMessage>>();
  const reactions = new Map<string, string[]>();
  const reactionKey = (channel: string, ts: string) => `${channel}/${ts}`;
  const statuses = new Map<string, { status: string; at: number }>();

  return {
    nextTs() {
      tsCount += 1;
      const micros = tsCount * TS_STEP_MICROS;
      const seconds = firstTsSeconds + Math.floor(micros / MICROS_PER_SECOND);
      return `${seconds}.${String(micros % MICROS_PER_SECOND).padStart(6, "0")}`;
    },
    nextViewId() {
      viewCount += 1;
      return `V0FAKE${String(viewCount).padStart(5, "0")}`;
    },
    addMessage(channel, message) {
      const list = messages.get(channel) ?? [];
      // Timestamps mostly arrive in order, so the place is found from the end: a sort of the whole
      // channel on every post made the fake the slowest part of a long benchmark.
      let index = list.length;
      while (index > 0 && compareTs(list[index - 1]?.ts ?? "0", message.ts) > 0) index -= 1;
      list.splice(index, 0, message);
      messages.set(channel, list);
      const byTs = messageIndex.get(channel) ?? new Map<string, FakeSlackMessage>();
      if (!byTs.has(message.ts)) byTs.set(message.ts, message);
      messageIndex.set(channel, byTs);
      return message;
    },
    findMessage(channel, ts) {
      return messageIndex.get(channel)?.get(ts);
    },
    deleteMessage(channel, ts) {
      const list = messages.get(channel) ?? [];
      const index = list.findIndex((message) => message.ts === ts);
      if (index === -1) return false;
      list.splice(index, 1);
      const byTs = messageIndex.get(channel);
      const sameTs = list.find((message) => message.ts === ts);
      if (sameTs) byTs?.set(ts, sameTs);
      else byTs?.delete(ts);
      return true;
    },
    messagesIn(channel) {
      return [...(messages.get(channel) ?? [])];
    },
    addReaction(channel, ts, name) {
      const names = reactions.get(reactionKey(channel, ts)) ?? [];
      if (names.includes(name)) return false;
      reactions.set(reactionKey(channel, ts), [...names, name]);
      return true;
    },
    removeReaction(channel, ts, name) {
      const names = reactions.get(reactionKey(channel, ts)) ?? [];
      if (!names.includes(name)) return false;
      reactions.set(
        reactionKey(channel, ts),
        names.filter((existing) => existing !== name),
      );
      return true;
    },
    reactionsOn(channel, ts) {
      return [...(reactions.get(reactionKey(channel, ts)) ?? [])];
    },
    setThreadStatus(channel, threadTs, status) {
      if (status === "") statuses.delete(reactionKey(channel, threadTs));
      else statuses.set(reactionKey(channel, threadTs), { status, at: now() });
    },
    clearThreadStatus(channel, threadTs) {
      statuses.delete(reactionKey(channel, threadTs));
    },
    threadStatus(channel, threadTs) {
      const set = statuses.get(reactionKey(channel, threadTs));
      return set && now() - set.at < THREAD_STATUS_TIMEOUT_MS ? set.status : undefined;
    },
    reset() {
      messages.clear();
      messageIndex.clear();
      reactions.clear();
      statuses.clear();
    },
  };
}

/** Orders Slack timestamps without going through floats, which lose the microseconds at this size. */
export function compareTs(a: string, b: string): number {
  const [aSeconds = "0", aFraction = ""] = a.split(".");
  const [bSeconds = "0", bFraction = ""] = b.split(".");
  const bySeconds = Number(aSeconds) - Number(bSeconds);
  if (bySeconds !== 0) return bySeconds;
  return aFraction.padEnd(6, "0").localeCompare(bFraction.padEnd(6, "0"));
}
