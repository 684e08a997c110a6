/**
 * Every Redis key Baton uses, under one prefix. Keys of one conversation share the hash tag
 * `{conversationKey}` so that the intake and completion scripts touch one Redis Cluster slot.
 */
export interface RedisKeys {
  readonly prefix: string;
  /** BullMQ's own prefix: hash-tagged so that each queue's keys live in one slot. */
  readonly queuePrefix: string;
  delivery(conversationKey: string, deliveryId: string): string;
  turn(conversationKey: string, turnId: string): string;
  inbox(conversationKey: string): string;
  lock(conversationKey: string): string;
  stopChannel(conversationKey: string): string;
  conversationSession(conversationKey: string): string;
  conversationContext(conversationKey: string): string;
  session(sessionId: string): string;
  transcript(sessionId: string): string;
  reply(turnId: string): string;
  /** The intake stream: every accepted delivery, until the dispatcher has queued its turn. */
  readonly intakeStream: string;
  /** Anything Baton namespaces by itself (shares, classifier caches, …). */
  scoped(...parts: string[]): string;
}

export const DEFAULT_REDIS_PREFIX = "baton";

export function createRedisKeys(prefix: string = DEFAULT_REDIS_PREFIX): RedisKeys {
  if (!/^[\w.-]+$/.test(prefix)) {
    throw new Error(`Redis prefix "${prefix}" may only hold letters, digits, '.', '_' and '-'.`);
  }
  const conv = (key: string) => `${prefix}:conv:{${key}}`;
  return {
    prefix,
    queuePrefix: `{${prefix}}`,
    delivery: (key, deliveryId) => `${conv(key)}:delivery:${deliveryId}`,
    turn: (key, turnId) => `${conv(key)}:turn:${turnId}`,
    inbox: (key) => `${conv(key)}:inbox`,
    lock: (key) => `${conv(key)}:lock`,
    stopChannel: (key) => `${conv(key)}:stop`,
    conversationSession: (key) => `${conv(key)}:session`,
    conversationContext: (key) => `${conv(key)}:context`,
    // A session's keys share its hash tag, so that scripts over its transcript stay in one slot.
    session: (id) => `${prefix}:session:{${id}}`,
    transcript: (id) => `${prefix}:session:{${id}}:transcript`,
    reply: (turnId) => `${prefix}:reply:${turnId}`,
    intakeStream: `${prefix}:intake`,
    scoped: (...parts) => [prefix, ...parts].join(":"),
  };
}
