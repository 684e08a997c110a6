import { randomBytes } from "node:crypto";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { silentLogger } from "../../src/contracts/logger.js";
import { DEFAULT_RETENTION, type Retention, retentionFor } from "../../src/retention/retention.js";
import { SHARE_LINK_KEY_BYTES } from "../../src/sharing/seal-share-id.js";
import { DAY_MS } from "../../src/sharing/share-expiry.js";
import { hashShareId } from "../../src/sharing/share-id.js";
import { createShareKeys } from "../../src/sharing/share-keys.js";
import { parseShareKeys, type ShareLinkKeyring } from "../../src/sharing/share-link-keyring.js";
import {
  createShareService,
  type ShareService,
  type SharingPolicy,
} from "../../src/sharing/share-service.js";
import { createShareStore } from "../../src/sharing/share-store.js";
import { createShareSweeper } from "../../src/sharing/share-sweeper.js";
import { createRedisKeys } from "../../src/store/redis-keys.js";
import { createSessionStore, type SessionStore } from "../../src/store/session-store.js";

const PUBLIC_URL = "https://baton.example.com/";

describe("share service", () => {
  let testRedis: TestRedis;
  let sessions: SessionStore;
  let clock: { now: number };
  let linkKey: Uint8Array;

  beforeEach(async () => {
    testRedis = await createTestRedis("share");
    sessions = createSessionStore({ redis: testRedis.redis, keys: createRedisKeys(testRedis.prefix) });
    clock = { now: Date.now() };
    linkKey = randomBytes(SHARE_LINK_KEY_BYTES);
  });
  afterEach(() => testRedis.cleanup());

  function service(
    policy: Partial<SharingPolicy> = {},
    key: Uint8Array | ShareLinkKeyring = linkKey,
    retention: Retention = DEFAULT_RETENTION,
  ): ShareService {
    const keys = createRedisKeys(testRedis.prefix);
    return createShareService({
      store: createShareStore({ redis: testRedis.redis, keys }),
      sessions,
      policy: { mode: "auto", expiresInDays: 7, ...policy },
      publicUrl: PUBLIC_URL,
      linkKey: key,
      logger: silentLogger,
      retention,
      now: () => clock.now,
    });
  }

  async function openSession(thread = "1700000000.000100") {
    return sessions.open({
      conversation: { platform: "slack", teamId: "T1", channelId: "C1", threadTs: thread },
      conversationKey: `slack:T1:C1:${thread}`,
      target: { kind: "repository", repo: "acme/web" },
      backend: "plan",
      requester: { platform: "slack", id: "U1", name: "Ada" },
    });
  }

  function idOf(url: string | null): string {
    const match = /^https:\/\/baton\.example\.com\/s\/([A-Za-z0-9_-]{32})$/.exec(url ?? "");
    if (!match?.[1]) throw new Error(`not a share link: ${url}`);
    return match[1];
  }

  async function allKeysAndValues(): Promise<string[]> {
    const keys = await testRedis.redis.keys(`${testRedis.prefix}:*`);
    const values = await Promise.all(
      keys.map(async (key) => {
        const type = await testRedis.redis.type(key);
        if (type === "hash") return Object.entries(await testRedis.redis.hgetall(key)).flat();
        if (type === "zset") return testRedis.redis.zrange(key, 0, -1);
        if (type === "string") return [(await testRedis.redis.get(key)) ?? ""];
        return [];
      }),
    );
    return [...keys, ...values.flat()];
  }

  it("stores only the hash of the id: no key or value in Redis holds the id", async () => {
    const session = await openSession();
    const shareId = idOf(await service().linkFor(session));
    const stored = await allKeysAndValues();
    expect(stored.some((text) => text.includes(shareId))).toBe(false);
    expect(stored).toContain(`${testRedis.prefix}:{share}:id:${hashShareId(shareId)}`);
    expect(await testRedis.redis.get(`${testRedis.prefix}:{share}:id:${hashShareId(shareId)}`)).toBe(
      session.id,
    );
  });

  it("creates one share per session, however often and however concurrently it is asked", async () => {
    const session = await openSession();
    const shares = service();
    const urls = await Promise.all(Array.from({ length: 10 }, () => shares.linkFor(session)));
    expect(new Set(urls).size).toBe(1);
    expect(await shares.linkFor(session)).toBe(urls[0]);
    const explicit = await shares.shareSession(session.id);
    expect(explicit).toMatchObject({ kind: "shared", created: false, url: urls[0] });
    expect(await shares.list()).toHaveLength(1);
    const other = await shares.linkFor(await openSession("1700000000.000200"));
    expect(other).not.toBe(urls[0]);
  });

  it("follows the policy: off shares nothing, on-request only when asked", async () => {
    const session = await openSession();
    expect(await service({ mode: "off" }).linkFor(session)).toBeNull();
    expect(await service({ mode: "off" }).shareSession(session.id)).toEqual({ kind: "sharing_off" });
    const onRequest = service({ mode: "on-request" });
    expect(await onRequest.linkFor(session)).toBeNull();
    const shared = await onRequest.shareSession(session.id);
    expect(shared).toMatchObject({ kind: "shared", created: true });
    expect(await onRequest.linkFor(session)).toBe(shared.kind === "shared" ? shared.url : "");
    expect(await onRequest.shareSession("s_missing")).toEqual({ kind: "no_session" });
  });

  it("resolves a live id, and nothing else", async () => {
    const session = await openSession();
    const shares = service();
    const shareId = idOf(await shares.linkFor(session));
    expect(await shares.resolve(shareId)).toMatchObject({ kind: "found", share: { sessionId: session.id } });
    expect(await shares.resolve(`${shareId.slice(0, -1)}${shareId.endsWith("A") ? "B" : "A"}`)).toEqual({
      kind: "not_found",
    });
    expect(await shares.resolve("not-an-id")).toEqual({ kind: "not_found" });
    expect(await shares.resolve(hashShareId(shareId))).toEqual({ kind: "not_found" });
  });

  it("expires a link after the policy's days, from the next lookup on", async () => {
    const T0 = clock.now;
    const session = await openSession();
    const shares = service({ expiresInDays: 7 });
    const shareId = idOf(await shares.linkFor(session));
    const [share] = await shares.list();
    expect(share?.expiresAt).toBe(new Date(T0 + 7 * DAY_MS).toISOString());
    clock.now = T0 + 7 * DAY_MS - 1;
    expect((await shares.resolve(shareId)).kind).toBe("found");
    clock.now = T0 + 7 * DAY_MS;
    expect(await shares.resolve(shareId)).toEqual({ kind: "not_found" });
    expect(await shares.list()).toEqual([]);
    // The next result of the session gets a fresh link; the old one stays dead.
    const fresh = idOf(await shares.linkFor(session));
    expect(fresh).not.toBe(shareId);
    expect((await shares.resolve(fresh)).kind).toBe("found");
    expect(await shares.resolve(shareId)).toEqual({ kind: "not_found" });
  });

  it("lets Redis drop expiring shares by itself; a never-expiring one ends with the retention", async () => {
    const session = await openSession();
    const expiring = idOf(await service({ expiresInDays: 7 }).linkFor(session));
    const ttl = await testRedis.redis.pttl(`${testRedis.prefix}:{share}:id:${hashShareId(expiring)}`);
    expect(ttl).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(7 * DAY_MS);

    const other = await openSession("1700000000.000300");
    const forever = service({ expiresInDays: "never" }, linkKey, retentionFor(30 * DAY_MS));
    const neverId = idOf(await forever.linkFor(other));
    const neverTtl = await testRedis.redis.pttl(`${testRedis.prefix}:{share}:id:${hashShareId(neverId)}`);
    expect(neverTtl).toBeGreaterThan(30 * DAY_MS - 60_000);
    expect(neverTtl).toBeLessThanOrEqual(30 * DAY_MS);
    clock.now += 29 * DAY_MS;
    expect((await forever.resolve(neverId)).kind).toBe("found");
    // The transcript it shows lives no longer than the retention after the last turn.
    clock.now += 2 * DAY_MS;
    expect(await forever.resolve(neverId)).toEqual({ kind: "not_found" });
  });

  it("never lets a share outlive the retention, however long its policy", async () => {
    const session = await openSession();
    const shares = service({ expiresInDays: 7 }, linkKey, retentionFor(DAY_MS));
    const shareId = idOf(await shares.linkFor(session));
    const [listed] = await shares.list();
    expect(listed?.expiresAt).toBe(new Date(clock.now + DAY_MS).toISOString());
    const ttl = await testRedis.redis.pttl(`${testRedis.prefix}:{share}:id:${hashShareId(shareId)}`);
    expect(ttl).toBeLessThanOrEqual(DAY_MS);
  });

  it("revokes with unshare, and the auto policy does not share that session again until asked", async () => {
    const session = await openSession();
    const shares = service();
    const first = idOf(await shares.linkFor(session));
    expect(await shares.unshareSession(session.id)).toEqual({ kind: "revoked", sessionId: session.id });
    expect(await shares.resolve(first)).toEqual({ kind: "not_found" });
    expect(await shares.linkFor(session)).toBeNull();
    expect(await shares.list()).toEqual([]);

    const again = await shares.shareSession(session.id);
    expect(again).toMatchObject({ kind: "shared", created: true });
    const second = idOf(again.kind === "shared" ? again.url : null);
    expect(second).not.toBe(first);
    expect((await shares.resolve(second)).kind).toBe("found");
    expect(await shares.resolve(first)).toEqual({ kind: "not_found" });
    expect(await shares.unshareSession("s_never_shared")).toEqual({ kind: "not_found" });
  });

  it("revokes by share id or by session id, as `baton share revoke` does", async () => {
    const shares = service();
    const a = await openSession("1700000000.000400");
    const b = await openSession("1700000000.000500");
    const idA = idOf(await shares.linkFor(a));
    const idB = idOf(await shares.linkFor(b));
    expect(await shares.revoke(idA)).toEqual({ kind: "revoked", sessionId: a.id });
    expect(await shares.revoke(b.id)).toEqual({ kind: "revoked", sessionId: b.id });
    expect(await shares.resolve(idA)).toEqual({ kind: "not_found" });
    expect(await shares.resolve(idB)).toEqual({ kind: "not_found" });
    expect(await shares.revoke(idA)).toEqual({ kind: "not_found" });
    expect(await shares.revoke("s_unknown")).toEqual({ kind: "not_found" });
    const stored = await allKeysAndValues();
    expect(stored.some((text) => text.includes(hashShareId(idA)) || text.includes(hashShareId(idB)))).toBe(
      false,
    );
  });

  it("`baton share revoke` of a session whose link expired keeps auto from sharing it again", async () => {
    const T0 = clock.now;
    const session = await openSession("1700000000.000600");
    const shares = service({ expiresInDays: 7 });
    await shares.linkFor(session);
    clock.now = T0 + 8 * DAY_MS;
    expect(await shares.sweepExpired()).toBe(1);
    expect(await shares.revoke(session.id)).toEqual({ kind: "no_live_link", sessionId: session.id });
    expect(await shares.linkFor(session)).toBeNull();
    expect(await shares.list()).toEqual([]);
  });

  it("replaces a link it can no longer repeat (the key changed) only when asked", async () => {
    const session = await openSession();
    const old = idOf(await service().linkFor(session));
    const rekeyed = service({}, randomBytes(SHARE_LINK_KEY_BYTES));
    expect(await rekeyed.linkFor(session)).toBeNull();
    expect((await rekeyed.resolve(old)).kind).toBe("found");
    const replaced = await rekeyed.shareSession(session.id);
    const fresh = idOf(replaced.kind === "shared" ? replaced.url : null);
    expect(fresh).not.toBe(old);
    expect(await rekeyed.resolve(old)).toEqual({ kind: "not_found" });
    expect(await rekeyed.linkFor(session)).toBe(`https://baton.example.com/s/${fresh}`);
  });

  it("sweeps shares that expired while Baton was down, as soon as the sweeper starts", async () => {
    const shares = service({ expiresInDays: 1 });
    clock.now = Date.now() - 3 * DAY_MS;
    const expired = [];
    for (const thread of ["1700000000.000600", "1700000000.000700", "1700000000.000800"]) {
      expired.push(idOf(await shares.linkFor(await openSession(thread))));
    }
    clock.now = Date.now();
    const live = idOf(await shares.linkFor(await openSession("1700000000.000900")));
    const sweeper = createShareSweeper({ shares, logger: silentLogger });
    await sweeper.start();
    await sweeper.stop();
    expect(await testRedis.redis.zcard(`${testRedis.prefix}:{share}:expiries`)).toBe(1);
    expect(await testRedis.redis.zcard(`${testRedis.prefix}:{share}:index`)).toBe(1);
    for (const id of expired) expect(await shares.resolve(id)).toEqual({ kind: "not_found" });
    expect((await shares.resolve(live)).kind).toBe("found");
    expect(await shares.sweepExpired()).toBe(0);
  });

  it("sweeps a share whose Redis keys are still there when its time is up", async () => {
    const T0 = clock.now;
    const shares = service({ expiresInDays: 7 });
    const session = await openSession();
    const id = idOf(await shares.linkFor(session));
    clock.now = T0 + 8 * DAY_MS;
    expect(await shares.sweepExpired()).toBe(1);
    expect(await testRedis.redis.exists(`${testRedis.prefix}:{share}:id:${hashShareId(id)}`)).toBe(0);
    expect(await testRedis.redis.exists(`${testRedis.prefix}:{share}:session:${session.id}`)).toBe(0);
    expect(await shares.sweepExpired()).toBe(0);
  });

  it("a never-expiring share ends with its session: no empty page outlives it", async () => {
    const session = await openSession("1700000000.000900");
    const shares = service({ expiresInDays: "never" });
    const shareId = idOf(await shares.linkFor(session));
    expect((await shares.resolve(shareId)).kind).toBe("found");
    await testRedis.redis.del(createRedisKeys(testRedis.prefix).session(session.id));
    expect((await shares.resolve(shareId)).kind).toBe("not_found");
    expect(await shares.list()).toEqual([]);
  });

  it("after a key rotation, a session's existing link is still repeated and new links use the new key", async () => {
    const oldKeys = parseShareKeys("2025-01:old-secret-5b1f0e9d8c7a6b5c4d3e2f1a0b9c");
    const rotated = parseShareKeys(
      "2025-06:new-secret-a7c3e9f1b5d2084e6c1a3f5b7d9e,2025-01:old-secret-5b1f0e9d8c7a6b5c4d3e2f1a0b9c",
    );
    const first = await openSession("1700000000.000901");
    const link = await service({}, oldKeys).linkFor(first);
    expect(await service({}, rotated).linkFor(first)).toBe(link);
    const second = await openSession("1700000000.000902");
    await service({}, rotated).linkFor(second);
    const record = await testRedis.redis.hget(
      createShareKeys(createRedisKeys(testRedis.prefix)).record(second.id),
      "sealed",
    );
    expect(record?.startsWith("2025-06.")).toBe(true);
  });
  it("an unshare holds for as long as the session is in use, past a retention period", async () => {
    // BATON_RETENTION scaled down to a second (its least is a day, its default 90).
    const retention = retentionFor(1_000);
    const keys = createRedisKeys(testRedis.prefix);
    const inUse = createSessionStore({ redis: testRedis.redis, keys, retention });
    const shares = createShareService({
      store: createShareStore({ redis: testRedis.redis, keys, retention }),
      sessions: inUse,
      policy: { mode: "auto", expiresInDays: 7 },
      publicUrl: PUBLIC_URL,
      linkKey,
      logger: silentLogger,
      retention,
    });
    const session = await inUse.open({
      conversation: { platform: "slack", teamId: "T1", channelId: "C1", threadTs: "1700000000.000900" },
      conversationKey: "slack:T1:C1:1700000000.000900",
      target: { kind: "repository", repo: "acme/web" },
      backend: "plan",
      requester: { platform: "slack", id: "U1", name: "Ada" },
    });
    expect(await shares.linkFor(session)).not.toBeNull();
    expect((await shares.unshareSession(session.id)).kind).toBe("revoked");
    // The conversation goes on for longer than a retention period: a turn every 300 ms, each
    // asking for the link of its working message and its result, as a turn does.
    for (let turn = 0; turn < 6; turn += 1) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await inUse.recordTurn(session.id);
      expect(await shares.linkFor(session)).toBeNull();
    }
  });
});
