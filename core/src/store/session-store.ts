import { randomUUID } from "node:crypto";
import { DEFAULT_RETENTION } from "../retention/retention.js";
import { type PullRequestRef, pullRequestKey } from "../schemas/pull-request-ref.js";
import { type Session, sessionSchema } from "../schemas/session.js";
import type { RedisKeys } from "./redis-keys.js";
import { defineRedisScripts, redisScript } from "./redis-scripts.js";
import type { RedisStoreOptions } from "./redis-store-options.js";

export interface SessionStore {
  get(sessionId: string): Promise<Session | null>;
  findByConversation(conversationKey: string): Promise<Session | null>;
  /** Opens the conversation's session, or returns the one it already has (first writer wins). */
  open(init: Omit<Session, "id" | "createdAt" | "updatedAt" | "turnCount">): Promise<Session>;
  update(sessionId: string, change: Partial<Pick<Session, "target" | "model" | "backend">>): Promise<Session>;
  recordTurn(sessionId: string): Promise<void>;
  /** Remembers that the session made this pull request, so that a request on the PR continues it. */
  linkPullRequest(pullRequest: PullRequestRef, sessionId: string): Promise<void>;
  /** The session that made the pull request, wherever it started. */
  findByPullRequest(pullRequest: PullRequestRef): Promise<Session | null>;
}

// A turn's renewals, each in one command per hash tag where they were five with the save.
// KEYS: the session, its transcript. ARGV: the session's JSON, TTL ms.
const SAVE_WITH_TRANSCRIPT_SCRIPT = `
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
return 1
`;
// KEYS: the conversation's session pointer, its requester. ARGV: TTL ms.
const RENEW_POINTERS_SCRIPT = `
redis.call('PEXPIRE', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[2], ARGV[1])
return 1
`;
const SESSION_SCRIPTS = {
  batonSaveSessionWithTranscript: redisScript<
    [session: string, transcript: string],
    [json: string, ttlMs: number],
    number
  >({
    numberOfKeys: 2,
    lua: SAVE_WITH_TRANSCRIPT_SCRIPT,
  }),
  batonRenewSessionPointers: redisScript<[pointer: string, requester: string], [ttlMs: number], number>({
    numberOfKeys: 2,
    lua: RENEW_POINTERS_SCRIPT,
  }),
};

/** Sessions outlive their last turn by `retention.sessionMs`; every turn renews it. */
export function createSessionStore({
  redis,
  keys,
  retention = DEFAULT_RETENTION,
}: RedisStoreOptions): SessionStore {
  const ttlMs = retention.sessionMs;
  const scripts = defineRedisScripts(redis, SESSION_SCRIPTS);
  async function get(sessionId: string): Promise<Session | null> {
    const raw = await redis.get(keys.session(sessionId));
    return raw === null ? null : sessionSchema.parse(JSON.parse(raw));
  }

  async function save(session: Session): Promise<void> {
    await redis.set(keys.session(session.id), JSON.stringify(session), "PX", ttlMs);
  }

  const pullRequestPointer = (pullRequest: PullRequestRef) =>
    keys.scoped("pull-request", pullRequestKey(pullRequest));

  return {
    get,
    async linkPullRequest(pullRequest, sessionId) {
      await redis.set(pullRequestPointer(pullRequest), sessionId, "PX", ttlMs);
    },
    async findByPullRequest(pullRequest) {
      const id = await redis.get(pullRequestPointer(pullRequest));
      return id === null ? null : get(id);
    },
    async findByConversation(conversationKey) {
      const id = await redis.get(keys.conversationSession(conversationKey));
      return id === null ? null : get(id);
    },
    async open(init) {
      const now = new Date().toISOString();
      const session: Session = {
        ...init,
        id: `s_${randomUUID()}`,
        createdAt: now,
        updatedAt: now,
        turnCount: 0,
      };
      const pointer = keys.conversationSession(init.conversationKey);
      const claimed = await redis.set(pointer, session.id, "PX", ttlMs, "NX");
      if (claimed === null) {
        const existing = await this.findByConversation(init.conversationKey);
        if (existing) return existing;
        await redis.set(pointer, session.id, "PX", ttlMs);
      }
      await save(session);
      // Beside the pointer, in the conversation's slot: intake reads it to answer "may this person
      // steer?" in the same step that queues the turn.
      await redis.set(sessionRequesterKey(keys, init.conversationKey), session.requester.id, "PX", ttlMs);
      return session;
    },
    async update(sessionId, change) {
      const session = await get(sessionId);
      if (!session) throw new Error(`session ${sessionId} does not exist`);
      const updated = { ...session, ...change, updatedAt: new Date().toISOString() };
      await save(updated);
      return updated;
    },
    async recordTurn(sessionId) {
      const session = await get(sessionId);
      if (!session) return;
      const counted = { ...session, turnCount: session.turnCount + 1, updatedAt: new Date().toISOString() };
      // Independent renewals, sent together (one write on a connection whose writes are coalesced).
      await Promise.all([
        scripts.batonSaveSessionWithTranscript(
          [keys.session(sessionId), keys.transcript(sessionId)],
          [JSON.stringify(counted), ttlMs],
        ),
        scripts.batonRenewSessionPointers(
          [
            keys.conversationSession(session.conversationKey),
            sessionRequesterKey(keys, session.conversationKey),
          ],
          [ttlMs],
        ),
      ]);
    },
  };
}

/** Who started the conversation's session: a key in the conversation's hash tag, read by intake. */
export function sessionRequesterKey(keys: RedisKeys, conversationKey: string): string {
  return `${keys.conversationSession(conversationKey)}:requester`;
}
