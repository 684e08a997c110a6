import { buildAppMentionEvent, buildMessageEvent, postSlackEvent } from "@baton/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  FAKE_SLACK_DEFAULTS,
  startTestBaton,
  TEST_SIGNING_SECRET,
  type TestBaton,
} from "./fixtures/start-test-baton.js";

const RETENTION_MS = 120_000;
const BOT = FAKE_SLACK_DEFAULTS.botUserId;

/**
 * What may stay in Redis without a TTL, and why each is bounded all the same. Everything else
 * Baton writes for a turn must expire.
 */
const BOUNDED_WITHOUT_TTL: Array<{ pattern: (prefix: string) => RegExp; why: string }> = [
  {
    pattern: (prefix) => new RegExp(`^${prefix}:intake$`),
    why: "the intake stream: each entry is deleted (XDEL) once dispatched, so it holds only the backlog",
  },
  {
    pattern: (prefix) => new RegExp(`^${prefix}:watchdog$`),
    why: "the watchdog's deadlines: one entry per running turn, removed when the turn ends or times out",
  },
  {
    pattern: (prefix) => new RegExp(`^${prefix}:\\{share\\}:(index|expiries)$`),
    why: "the share indexes: one entry per live share; the sweeper removes a share's entries when it expires",
  },
  {
    pattern: (prefix) =>
      new RegExp(`^\\{${prefix}\\}:${prefix}-turns:(meta|id|events|completed|stalled-check)$`),
    why: "BullMQ's own keys: the events stream is trimmed (MAXLEN), completed jobs are capped by removeOnComplete",
  },
  {
    pattern: (prefix) => new RegExp(`^\\{${prefix}\\}:${prefix}-turns:t_[\\w-]+$`),
    why: "finished turn jobs (turn id only, no request): at most 1,000, and none older than the turn records",
  },
];

async function keysWithTtl(t: TestBaton): Promise<Map<string, number>> {
  const { redis, prefix } = t.redis;
  const found = new Map<string, number>();
  for (const pattern of [`${prefix}:*`, `{${prefix}}:*`]) {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 500);
      cursor = next;
      for (const key of keys) {
        const ttl = await redis.pttl(key);
        // -2: the key went between SCAN and PTTL (a reply lease released as the turn ended), so it
        // is not a key left behind. A key without a TTL answers -1, and is kept.
        if (ttl !== -2) found.set(key, ttl);
      }
    } while (cursor !== "0");
  }
  return found;
}

describe("a short retention (BATON_RETENTION)", () => {
  let t: TestBaton;
  beforeEach(async () => {
    t = await startTestBaton({
      env: { BATON_RETENTION: `${RETENTION_MS / 1000}s`, BATON_ALLOW_SHORT_RETENTION: "1" },
    });
  });
  afterEach(() => t.close());

  async function post(envelope: object) {
    const answer = await postSlackEvent(`${t.url}/slack/events`, envelope, {
      signingSecret: TEST_SIGNING_SECRET,
    });
    expect(answer.status).toBe(200);
  }

  it("gives every key of a finished turn a TTL within the retention, and a link to an expired transcript answers 404", async () => {
    const first = buildAppMentionEvent({
      teamId: FAKE_SLACK_DEFAULTS.teamId,
      botUserId: BOT,
      channelId: "C0KEEP",
      userId: "U0ADA",
      text: `<@${BOT}> first request`,
    });
    await post(first);
    await t.slack.waitForCall("reactions.add", { count: 2 });
    // Thread chatter (kept as context, its delivery claimed), then a follow-up that takes it.
    const threadTs = first.event.ts;
    await post(
      buildMessageEvent({
        teamId: FAKE_SLACK_DEFAULTS.teamId,
        channelId: "C0KEEP",
        userId: "U0ADA",
        text: "use the mock DB",
        threadTs,
      }),
    );
    await post(
      buildAppMentionEvent({
        teamId: FAKE_SLACK_DEFAULTS.teamId,
        botUserId: BOT,
        channelId: "C0KEEP",
        userId: "U0ADA",
        text: `<@${BOT}> second request`,
        threadTs,
      }),
    );
    const reactions = await t.slack.waitForCall("reactions.add", { count: 4 });
    expect(reactions.map((call) => (call.body as { name: string }).name).sort()).toEqual([
      "eyes",
      "eyes",
      "white_check_mark",
      "white_check_mark",
    ]);
    expect(await t.redis.redis.xlen(`${t.redis.prefix}:intake`)).toBe(0);

    const keys = await keysWithTtl(t);
    const { prefix } = t.redis;
    const kinds = {
      turn: /:conv:\{.+\}:turn:/,
      delivery: /:delivery:/,
      ledger: new RegExp(`^${prefix}:reply:`),
      session: new RegExp(`^${prefix}:session:\\{[^}]+\\}$`),
      transcript: /:transcript$/,
      context: /:context:turn:/,
      share: new RegExp(`^${prefix}:\\{share\\}:(session|id):`),
    };
    for (const [kind, pattern] of Object.entries(kinds)) {
      const ttls = [...keys].filter(([key]) => pattern.test(key)).map(([, ttl]) => ttl);
      expect(ttls.length, `${kind} keys`).toBeGreaterThan(0);
      for (const ttl of ttls) {
        expect(ttl, kind).toBeGreaterThan(0);
        expect(ttl, kind).toBeLessThanOrEqual(RETENTION_MS);
      }
    }
    const bounded = BOUNDED_WITHOUT_TTL.map(({ pattern }) => pattern(prefix));
    const withoutTtl = [...keys]
      .filter(([key, ttl]) => ttl <= 0 && !bounded.some((pattern) => pattern.test(key)))
      .map(([key]) => key);
    expect(withoutTtl).toEqual([]);
    // Nothing outlives the retention, but for the rate buckets: no conversation data, gone once refilled.
    for (const [key, ttl] of keys)
      if (ttl > 0 && !key.includes(":rate:")) expect(ttl, key).toBeLessThanOrEqual(RETENTION_MS);

    // The transcript and its session expire (here: now); the link then answers as gone, not 500.
    const reply = t.slack
      .callsTo("chat.postMessage")
      .find((call) => JSON.stringify(call.body).includes("/s/"));
    const shareUrl = new URL(JSON.stringify(reply?.body).match(/https?:\/\/[^"\\]+\/s\/[\w-]+/)![0]);
    for (const [key] of keys)
      if (kinds.session.test(key) || kinds.transcript.test(key)) await t.redis.redis.del(key);
    const markdown = await fetch(`${t.url}${shareUrl.pathname.replace("/s/", "/api/shared/")}/markdown`);
    expect(markdown.status).toBe(404);
    expect((await fetch(`${t.url}${shareUrl.pathname}`)).status).toBe(404);
  });
});
