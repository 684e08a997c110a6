import { DEFAULT_RETENTION } from "../retention/retention.js";
import { defineRedisScripts } from "../store/redis-scripts.js";
import type { RedisStoreOptions } from "../store/redis-store-options.js";
import { shareHashesEqual } from "./share-id.js";
import { createShareKeys } from "./share-keys.js";
import { parseShareRecord, type ShareRecord } from "./share-record.js";
import { SHARE_STORE_SCRIPTS } from "./share-store-scripts.js";

/**
 * How `create` treats a session that already has a share, or whose share was revoked:
 * - `auto`: keep a live share; create none after a revocation (an `unshare` must stick).
 * - `explicit`: keep a live share; create one even after a revocation (`@baton share`).
 * - `replace`: revoke any live share and create a new one.
 */
export type ShareCreateMode = "auto" | "explicit" | "replace";

export interface CreateShareInput {
  sessionId: string;
  idHash: string;
  sealed: string;
  nowMs: number;
  /** null: never expires. */
  expiresAtMs: number | null;
  mode: ShareCreateMode;
}

export type CreateShareResult =
  | { kind: "created"; record: ShareRecord }
  | { kind: "existing"; record: ShareRecord }
  | { kind: "declined" };

export type RevokeShareResult = { kind: "revoked"; sessionId: string } | { kind: "not_found" };

/** Shares in Redis. Every change is one script, so concurrent calls leave one live share per session. */
export interface ShareStore {
  create(input: CreateShareInput): Promise<CreateShareResult>;
  /** The live share stored under this id hash, checked against its session's record. */
  findByHash(idHash: string, nowMs: number): Promise<ShareRecord | null>;
  findBySession(sessionId: string, nowMs: number): Promise<ShareRecord | null>;
  /** Revokes the session's share, and keeps it from being shared again automatically. */
  revokeSession(sessionId: string): Promise<RevokeShareResult>;
  revokeByHash(idHash: string): Promise<RevokeShareResult>;
  list(nowMs: number): Promise<ShareRecord[]>;
  /** Removes shares whose expiry has passed, up to `limit`; returns how many it removed. */
  removeExpired(nowMs: number, limit: number): Promise<number>;
}

export function createShareStore({
  redis,
  keys,
  retention = DEFAULT_RETENTION,
}: RedisStoreOptions): ShareStore {
  const k = createShareKeys(keys);
  // Defined, so that each call sends the script's hash rather than its text (a turn may call
  // `create` twice: for its working message and for its result).
  const scripts = defineRedisScripts(redis, SHARE_STORE_SCRIPTS);

  async function readRecord(sessionId: string, nowMs: number): Promise<ShareRecord | null> {
    return parseShareRecord(sessionId, await redis.hgetall(k.record(sessionId)), nowMs);
  }

  async function revoke(sessionId: string, requiredHash: string): Promise<string | null> {
    const result = await scripts.batonRevokeShare(
      [k.record(sessionId), k.expiries(), k.index()],
      // Revoked sessions stay unshared (for the `auto` policy) as long as a session itself lives.
      [sessionId, retention.sessionMs, requiredHash],
    );
    if (result) await redis.del(k.byHash(result));
    return result;
  }

  return {
    async create({ sessionId, idHash, sealed, nowMs, expiresAtMs, mode }) {
      const [kind, previous, ...flat] = await scripts.batonCreateShare(
        [k.record(sessionId), k.byHash(idHash), k.expiries(), k.index()],
        [sessionId, idHash, sealed, nowMs, expiresAtMs ?? "never", mode, retention.sessionMs],
      );
      if (kind === "declined") return { kind };
      if (kind === "created") {
        // The replaced share's id key would answer nothing (its hash no longer matches the record); drop it.
        if (previous && previous !== idHash) await redis.del(k.byHash(previous));
        return { kind, record: { sessionId, idHash, sealed, createdAtMs: nowMs, expiresAtMs } };
      }
      const record = parseShareRecord(sessionId, pairsToObject(flat), nowMs);
      if (!record) throw new Error(`share record of session ${sessionId} is unreadable`);
      return { kind: "existing", record };
    },
    async findByHash(idHash, nowMs) {
      const sessionId = await redis.get(k.byHash(idHash));
      if (sessionId === null) return null;
      const record = await readRecord(sessionId, nowMs);
      return record && shareHashesEqual(record.idHash, idHash) ? record : null;
    },
    findBySession: readRecord,
    async revokeSession(sessionId) {
      const hash = await revoke(sessionId, "");
      return hash ? { kind: "revoked", sessionId } : { kind: "not_found" };
    },
    async revokeByHash(idHash) {
      const sessionId = await redis.get(k.byHash(idHash));
      if (sessionId === null) return { kind: "not_found" };
      return (await revoke(sessionId, idHash)) ? { kind: "revoked", sessionId } : { kind: "not_found" };
    },
    async list(nowMs) {
      const sessionIds = await redis.zrange(k.index(), 0, -1);
      const records = await Promise.all(sessionIds.map((id) => readRecord(id, nowMs)));
      return records.filter((record): record is ShareRecord => record !== null);
    },
    async removeExpired(nowMs, limit) {
      // Redis drops an expired share's keys by itself (PEXPIREAT); this removes what is left in
      // the indexes, and the keys too when Redis has not got to them yet.
      const due = await redis.zrangebyscore(k.expiries(), "-inf", nowMs, "LIMIT", 0, limit);
      let removed = 0;
      for (const sessionId of due) {
        const [count, hash] = await scripts.batonExpireShare(
          [k.record(sessionId), k.expiries(), k.index()],
          [sessionId, nowMs],
        );
        if (hash) await redis.del(k.byHash(hash));
        removed += count;
      }
      return removed;
    },
  };
}

function pairsToObject(flat: string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) fields[flat[i]!] = flat[i + 1]!;
  return fields;
}
