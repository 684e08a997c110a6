import type { Redis } from "ioredis";
import type { RedisKeys } from "./redis-keys.js";

/** A thread's chatter between turns is kept up to this many messages (the newest). */
export const CONVERSATION_CONTEXT_MAX_MESSAGES = 50;
export const CONVERSATION_CONTEXT_TTL_MS = 7 * 24 * 60 * 60_000;

// Keeps a message only when the conversation has a session: chatter in threads Baton is not part
// of is never stored. KEYS: session pointer, context list. ARGV: line, max, ttl ms.
const APPEND_IF_SESSION_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('RPUSH', KEYS[2], ARGV[1])
redis.call('LTRIM', KEYS[2], -tonumber(ARGV[2]), -1)
redis.call('PEXPIRE', KEYS[2], ARGV[3])
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

/**
 * Messages people post in a conversation between turns ("the staging DB is down, use the mock"),
 * handed to the next turn as context and then cleared.
 */
export interface ConversationContextStore {
  /** True when the conversation has a session and the message was kept. */
  appendIfSession(conversationKey: string, line: string): Promise<boolean>;
  /** The messages kept before this turn, oldest first; the same list on every try of the turn. */
  takeForTurn(conversationKey: string, turnId: string): Promise<string[]>;
}

export function createConversationContextStore({
  redis,
  keys,
}: {
  redis: Redis;
  keys: RedisKeys;
}): ConversationContextStore {
  redis.defineCommand("batonAppendContext", { numberOfKeys: 2, lua: APPEND_IF_SESSION_SCRIPT });
  redis.defineCommand("batonTakeContext", { numberOfKeys: 2, lua: TAKE_FOR_TURN_SCRIPT });
  const command = redis as unknown as {
    batonAppendContext(
      pointer: string,
      list: string,
      line: string,
      max: number,
      ttlMs: number,
    ): Promise<number>;
    batonTakeContext(list: string, turnList: string, ttlMs: number): Promise<string[]>;
  };
  return {
    async appendIfSession(conversationKey, line) {
      const kept = await command.batonAppendContext(
        keys.conversationSession(conversationKey),
        keys.conversationContext(conversationKey),
        line,
        CONVERSATION_CONTEXT_MAX_MESSAGES,
        CONVERSATION_CONTEXT_TTL_MS,
      );
      return kept === 1;
    },
    takeForTurn(conversationKey, turnId) {
      const list = keys.conversationContext(conversationKey);
      return command.batonTakeContext(list, `${list}:turn:${turnId}`, CONVERSATION_CONTEXT_TTL_MS);
    },
  };
}
