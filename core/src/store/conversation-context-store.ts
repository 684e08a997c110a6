import { DEFAULT_RETENTION } from "../retention/retention.js";
import { type ThreadMessage, threadMessageSchema } from "../schemas/context-entry.js";
import { defineRedisScripts, redisScript } from "./redis-scripts.js";
import type { RedisStoreOptions } from "./redis-store-options.js";

/** A thread's chatter between turns is kept up to this many messages (the newest). */
export const CONVERSATION_CONTEXT_MAX_MESSAGES = 50;

// Keeps a message only when the conversation has a session: chatter in threads Baton is not part
// of is never stored. A delivery is kept once (the set of seen deliveries shares the list's hash
// tag, so this stays one step). KEYS: session pointer, context list, seen deliveries.
// ARGV: message JSON, delivery id, max, ttl ms. Returns 1 kept, 0 no session, 2 replayed.
const APPEND_IF_SESSION_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if redis.call('SADD', KEYS[3], ARGV[2]) == 0 then return 2 end
redis.call('PEXPIRE', KEYS[3], ARGV[4])
redis.call('RPUSH', KEYS[2], ARGV[1])
redis.call('LTRIM', KEYS[2], -tonumber(ARGV[3]), -1)
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return 1
`;

// Hands the waiting messages to one turn, once: the first call moves them under the turn's own
// key, so a retry of the same turn gets the same context. KEYS: context list, the turn's list.
const TAKE_FOR_TURN_SCRIPT = `
if redis.call('EXISTS', KEYS[2]) == 0 and redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('RENAME', KEYS[1], KEYS[2])
  redis.call('PEXPIRE', KEYS[2], ARGV[1])
end
return redis.call('LRANGE', KEYS[2], 0, -1)
`;

const CONTEXT_SCRIPTS = {
  batonAppendContext: redisScript<
    [sessionPointer: string, contextList: string, seenDeliveries: string],
    [message: string, deliveryId: string, maxMessages: number, ttlMs: number],
    number
  >({ numberOfKeys: 3, lua: APPEND_IF_SESSION_SCRIPT }),
  batonTakeContext: redisScript<[contextList: string, turnList: string], [ttlMs: number], string[]>({
    numberOfKeys: 2,
    lua: TAKE_FOR_TURN_SCRIPT,
  }),
};

/** What an append did: kept, not kept (no session in that conversation), or a replay of one kept. */
export type ContextAppendResult = "kept" | "no_session" | "replayed";

/** Who stored messages before they were structured: kept as text, their author unknown. */
export const UNKNOWN_CONTEXT_AUTHOR = "unknown";

/**
 * Messages people post in a conversation between turns ("the staging DB is down, use the mock"),
 * handed to the next turn as context and then cleared. Each keeps its author apart from its text.
 */
export interface ConversationContextStore {
  appendIfSession(conversationKey: string, message: ThreadMessage): Promise<ContextAppendResult>;
  /** The messages kept before this turn, oldest first; the same list on every try of the turn. */
  takeForTurn(conversationKey: string, turnId: string): Promise<ThreadMessage[]>;
}

export function createConversationContextStore({
  redis,
  keys,
  retention = DEFAULT_RETENTION,
}: RedisStoreOptions): ConversationContextStore {
  // Messages, and the deliveries seen, live as long as a thread message waits for a turn.
  const ttlMs = retention.contextMs;
  const scripts = defineRedisScripts(redis, CONTEXT_SCRIPTS);
  return {
    async appendIfSession(conversationKey, message) {
      const list = keys.conversationContext(conversationKey);
      const kept = await scripts.batonAppendContext(
        [keys.conversationSession(conversationKey), list, `${list}:seen`],
        [
          JSON.stringify(threadMessageSchema.parse(message)),
          message.deliveryId,
          CONVERSATION_CONTEXT_MAX_MESSAGES,
          ttlMs,
        ],
      );
      return kept === 1 ? "kept" : kept === 2 ? "replayed" : "no_session";
    },
    async takeForTurn(conversationKey, turnId) {
      const list = keys.conversationContext(conversationKey);
      const raw = await scripts.batonTakeContext([list, `${list}:turn:${turnId}`], [ttlMs]);
      return raw.map(readThreadMessage);
    },
  };
}

/** A stored entry; one written as `<@U>: text` before entries were structured keeps no author. */
function readThreadMessage(raw: string): ThreadMessage {
  try {
    const parsed = threadMessageSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: an entry from before.
  }
  return { authorId: UNKNOWN_CONTEXT_AUTHOR, text: raw, deliveryId: "legacy" };
}
