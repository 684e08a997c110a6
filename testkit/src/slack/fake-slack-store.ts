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
  reset(): void;
}

// Fixed and far in the past so timestamps are deterministic and sort before anything "real".
const FIRST_TS_SECONDS = 1_700_000_000;
const TS_STEP_MICROS = 100;
const MICROS_PER_SECOND = 1_000_000;

/** In-memory messages and reactions: what the fake's methods read and write. */
export function createFakeSlackStore(): FakeSlackStore {
  // Counters survive reset() so timestamps and ids stay unique for the fake's whole life.
  let tsCount = 0;
  let viewCount = 0;
  const messages = new Map<string, FakeSlackMessage[]>();
  const reactions = new Map<string, string[]>();
  const reactionKey = (channel: string, ts: string) => `${channel}/${ts}`;

  return {
    nextTs() {
      tsCount += 1;
      const micros = tsCount * TS_STEP_MICROS;
      const seconds = FIRST_TS_SECONDS + Math.floor(micros / MICROS_PER_SECOND);
      return `${seconds}.${String(micros % MICROS_PER_SECOND).padStart(6, "0")}`;
    },
    nextViewId() {
      viewCount += 1;
      return `V0FAKE${String(viewCount).padStart(5, "0")}`;
    },
    addMessage(channel, message) {
      const list = messages.get(channel) ?? [];
      list.push(message);
      list.sort((a, b) => compareTs(a.ts, b.ts));
      messages.set(channel, list);
      return message;
    },
    findMessage(channel, ts) {
      return messages.get(channel)?.find((message) => message.ts === ts);
    },
    deleteMessage(channel, ts) {
      const list = messages.get(channel) ?? [];
      const index = list.findIndex((message) => message.ts === ts);
      if (index === -1) return false;
      list.splice(index, 1);
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
    reset() {
      messages.clear();
      reactions.clear();
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
