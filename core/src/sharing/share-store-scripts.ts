import { redisScript } from "../store/redis-scripts.js";

/**
 * The scripts behind `createShareStore`. Each runs atomically and touches only the keys it is
 * given, all under the `{share}` hash tag, so they also run on a Redis Cluster.
 */

// KEYS: record, new id key, expiries, index.
// ARGV: session id, id hash, sealed id, now ms, expiry ms or "never", mode (see ShareCreateMode),
// the revoked mark's ttl ms.
const CREATE_SHARE_SCRIPT = `
local state = redis.call('HGET', KEYS[1], 'state')
if state == 'live' and ARGV[6] ~= 'replace' then
  local expires = redis.call('HGET', KEYS[1], 'expiresAtMs')
  if expires == 'never' or tonumber(expires) > tonumber(ARGV[4]) then
    return {'existing', '', unpack(redis.call('HGETALL', KEYS[1]))}
  end
end
if state == 'revoked' and ARGV[6] == 'auto' then
  -- Declined as long as the session is in use: the mark lives a session's lifetime from its last use.
  redis.call('PEXPIRE', KEYS[1], ARGV[7])
  return {'declined', ''}
end
local previous = redis.call('HGET', KEYS[1], 'idHash') or ''
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'state', 'live', 'idHash', ARGV[2], 'sealed', ARGV[3], 'createdAtMs', ARGV[4], 'expiresAtMs', ARGV[5])
redis.call('SET', KEYS[2], ARGV[1])
if ARGV[5] == 'never' then
  redis.call('ZREM', KEYS[3], ARGV[1])
else
  redis.call('PEXPIREAT', KEYS[1], ARGV[5])
  redis.call('PEXPIREAT', KEYS[2], ARGV[5])
  redis.call('ZADD', KEYS[3], ARGV[5], ARGV[1])
end
redis.call('ZADD', KEYS[4], ARGV[4], ARGV[1])
return {'created', previous}
`;

// KEYS: record, expiries, index. ARGV: session id, tombstone ttl ms, id hash that must match ('' for any).
// Returns the revoked share's id hash, '' when there was no live share, or false when the hash did not match.
const REVOKE_SHARE_SCRIPT = `
local state = redis.call('HGET', KEYS[1], 'state')
local hash = redis.call('HGET', KEYS[1], 'idHash') or ''
if ARGV[3] ~= '' and (state ~= 'live' or hash ~= ARGV[3]) then return false end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'state', 'revoked')
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
if state == 'live' then return hash end
return ''
`;

// KEYS: record, expiries, index. ARGV: session id, now ms.
// Returns {removed (0 or 1), id hash of a removed share whose id key is still there, or ''}.
const EXPIRE_SHARE_SCRIPT = `
local state = redis.call('HGET', KEYS[1], 'state')
local expires = redis.call('HGET', KEYS[1], 'expiresAtMs')
if state == 'live' and expires ~= 'never' and tonumber(expires) > tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[2], expires, ARGV[1])
  return {0, ''}
end
redis.call('ZREM', KEYS[2], ARGV[1])
if state == 'live' and expires == 'never' then return {0, ''} end
local indexed = redis.call('ZREM', KEYS[3], ARGV[1])
if state == 'live' then
  local hash = redis.call('HGET', KEYS[1], 'idHash')
  redis.call('DEL', KEYS[1])
  return {1, hash}
end
return {indexed, ''}
`;

type ShareKeys = [record: string, expiries: string, index: string];

export const SHARE_STORE_SCRIPTS = {
  // Replies ['existing', '', ...the record's fields and values], ['declined', ''], or ['created', previous id hash].
  batonCreateShare: redisScript<
    [record: string, idKey: string, expiries: string, index: string],
    [
      sessionId: string,
      idHash: string,
      sealed: string,
      nowMs: number,
      expiresAtMs: number | "never",
      mode: string,
      revokedMarkTtlMs: number,
    ],
    string[]
  >({ numberOfKeys: 4, lua: CREATE_SHARE_SCRIPT }),
  batonRevokeShare: redisScript<
    ShareKeys,
    [sessionId: string, tombstoneTtlMs: number, requiredIdHash: string],
    string | null
  >({ numberOfKeys: 3, lua: REVOKE_SHARE_SCRIPT }),
  batonExpireShare: redisScript<
    ShareKeys,
    [sessionId: string, nowMs: number],
    [removed: number, idHash: string]
  >({
    numberOfKeys: 3,
    lua: EXPIRE_SHARE_SCRIPT,
  }),
};
