import { createRedisKeys, silentLogger } from "@baton/core";
import { type FakeLinear, startFakeLinear } from "@baton/testkit";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createLinearClientSource,
  LINEAR_TOKEN_REFRESH_MARGIN_MS,
} from "../src/client/linear-client-source.js";
import { createLinearOAuthClient } from "../src/oauth/linear-oauth-client.js";
import { createLinearTokenStore } from "../src/oauth/linear-token-store.js";

const REDIRECT = "https://baton.test/linear/oauth/callback";

describe("Linear workspace tokens", () => {
  let redis: TestRedis;
  let linear: FakeLinear;
  beforeEach(async () => {
    redis = await createTestRedis("linear-tokens");
    linear = await startFakeLinear({ oauth: { clientId: "cid", clientSecret: "csecret" } });
  });
  afterEach(async () => {
    await linear.close();
    await redis.cleanup();
  });

  async function installed(key: Uint8Array, now: number) {
    const oauth = createLinearOAuthClient({
      clientId: "cid",
      clientSecret: "csecret",
      tokenUrl: linear.tokenUrl,
      now: () => now,
    });
    const exchanged = await oauth.exchangeCode(linear.oauth.issueCode(REDIRECT), REDIRECT);
    if (exchanged.kind !== "granted") throw new Error(exchanged.error);
    const tokens = createLinearTokenStore({ redis: redis.redis, keys: createRedisKeys(redis.prefix), key });
    const organizationId = linear.store.organization.id;
    await tokens.save({ organizationId, ...exchanged.grant, installedAt: new Date(now).toISOString() });
    return { oauth, tokens, organizationId, grant: exchanged.grant };
  }

  it("refreshes a token shortly before it expires, and stores the rotated tokens", async () => {
    const key = new Uint8Array(32).fill(7);
    const issuedAt = Date.now();
    const { oauth, tokens, organizationId, grant } = await installed(key, issuedAt);
    // Just inside the margin before expiry: the next call refreshes first.
    const later = grant.expiresAt! - LINEAR_TOKEN_REFRESH_MARGIN_MS + 1_000;
    const source = createLinearClientSource({
      credentials: { kind: "oauth", oauth, tokens },
      apiUrl: linear.apiUrl,
      logger: silentLogger,
      now: () => later,
    });
    const [a, b] = await Promise.all([source.clientFor(organizationId), source.clientFor(organizationId)]);
    expect(a).toBe(b);
    expect(linear.operations.filter((op) => op.variables.grant_type === "refresh_token")).toHaveLength(1);
    const stored = await tokens.load(organizationId);
    expect(stored!.accessToken).not.toBe(grant.accessToken);
    expect(stored!.refreshToken).not.toBe(grant.refreshToken);
    await expect((await source.clientFor(organizationId)).viewer).resolves.toMatchObject({ app: true });
  });

  it("a worker that lost a refresh race to another takes the token the other saves", async () => {
    const key = new Uint8Array(32).fill(7);
    const { oauth, organizationId, grant } = await installed(key, Date.now());
    const later = grant.expiresAt! - LINEAR_TOKEN_REFRESH_MARGIN_MS + 1_000;
    const store = () =>
      createLinearTokenStore({ redis: redis.redis, keys: createRedisKeys(redis.prefix), key });
    // The first worker's refresh is granted by Linear; its answer is still on the way back when
    // the second worker's refresh, with the same (now spent) refresh token, is refused.
    let answerArrives: () => void = () => {};
    const onTheWay = new Promise<void>((resolve) => {
      answerArrives = resolve;
    });
    let grantedAtLinear: () => void = () => {};
    const granted = new Promise<void>((resolve) => {
      grantedAtLinear = resolve;
    });
    const slowAnswer = {
      ...oauth,
      async refresh(token: string) {
        const result = await oauth.refresh(token);
        grantedAtLinear();
        await onTheWay;
        return result;
      },
    };
    const worker = (linearOAuth: typeof oauth) =>
      createLinearClientSource({
        credentials: { kind: "oauth", oauth: linearOAuth, tokens: store() },
        apiUrl: linear.apiUrl,
        logger: silentLogger,
        now: () => later,
      });
    const first = worker(slowAnswer).clientFor(organizationId);
    await granted;
    const second = worker(oauth).clientFor(organizationId);
    setTimeout(answerArrives, 300);
    const [, secondClient] = await Promise.all([first, second]);
    await expect(secondClient.viewer).resolves.toMatchObject({ app: true });
    expect(linear.operations.filter((op) => op.variables.grant_type === "refresh_token")).toHaveLength(2);
  });

  it("sends every client's requests, before and after a token refresh, through the process's connections", async () => {
    const { oauth, tokens, organizationId } = await installed(new Uint8Array(32).fill(3), Date.now());
    const source = createLinearClientSource({
      credentials: { kind: "oauth", oauth, tokens },
      apiUrl: linear.apiUrl,
      logger: silentLogger,
    });
    const before = await source.clientFor(organizationId);
    await expect(before.viewer).resolves.toMatchObject({ app: true });
    const refreshed = await source.clientFor(organizationId, { fresh: true });
    expect(refreshed).not.toBe(before);
    // The refresh itself went through the OAuth client's own connection.
    const opened = linear.connectionsOpened;
    await expect(refreshed.viewer).resolves.toMatchObject({ app: true });
    expect(linear.connectionsOpened).toBe(opened);
  });

  it("keeps tokens sealed: another key (or another workspace's record) opens nothing", async () => {
    const { organizationId } = await installed(new Uint8Array(32).fill(1), Date.now());
    const keys = createRedisKeys(redis.prefix);
    const otherKey = createLinearTokenStore({ redis: redis.redis, keys, key: new Uint8Array(32).fill(2) });
    expect(await otherKey.load(organizationId)).toBeNull();
    const raw = await redis.redis.get(keys.scoped("linear", "installation", organizationId));
    await redis.redis.set(keys.scoped("linear", "installation", "other-org"), raw!);
    const sameKey = createLinearTokenStore({ redis: redis.redis, keys, key: new Uint8Array(32).fill(1) });
    expect(await sameKey.load("other-org")).toBeNull();
    expect(await sameKey.load(organizationId)).toMatchObject({ organizationId });
  });
});
