import {
  buildAppMentionEvent,
  buildMessageEvent,
  postSignedSlackRequest,
  postSlackEvent,
} from "@baton/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FAKE_SLACK_DEFAULTS,
  startTestBaton,
  TEST_SIGNING_SECRET,
  type TestBaton,
} from "./fixtures/start-test-baton.js";

const SIX_MINUTES_S = 6 * 60;

describe("bad input on /slack/events", () => {
  let t: TestBaton;
  beforeAll(async () => {
    t = await startTestBaton();
  });
  afterAll(() => t.close());

  const mention = (text = "fix the build") =>
    buildAppMentionEvent({
      teamId: FAKE_SLACK_DEFAULTS.teamId,
      botUserId: FAKE_SLACK_DEFAULTS.botUserId,
      channelId: "C0BAD",
      userId: "U0ADA",
      text: `<@${FAKE_SLACK_DEFAULTS.botUserId}> ${text}`,
    });

  async function expectNothingQueued(): Promise<void> {
    // Intake writes a delivery claim, a turn and an inbox under conv:* before it queues anything.
    expect(await t.redis.redis.keys(`${t.redis.prefix}:conv:*`)).toEqual([]);
    expect(t.slack.calls.filter((c) => c.method !== "auth.test")).toEqual([]);
  }

  function rejectionLogged(reason: string): boolean {
    return t.logger.lines.some(
      (l) =>
        (l.event === "bots.slack.request_rejected" || l.event === "bots.slack.event_ignored") &&
        l.fields.reason === reason,
    );
  }

  const cases: Array<{
    name: string;
    send: () => Promise<{ status: number }>;
    status: number;
    reason: string;
  }> = [
    {
      name: "a bad signature",
      send: () => postSlackEvent(`${t.url}/slack/events`, mention(), { signingSecret: "not-the-secret" }),
      status: 401,
      reason: "bad_signature",
    },
    {
      name: "a timestamp older than 5 minutes",
      send: () =>
        postSlackEvent(`${t.url}/slack/events`, mention(), {
          signingSecret: TEST_SIGNING_SECRET,
          timestamp: Math.floor(Date.now() / 1000) - SIX_MINUTES_S,
        }),
      status: 401,
      reason: "stale_timestamp",
    },
    {
      name: "malformed JSON",
      send: () =>
        postSlackEvent(`${t.url}/slack/events`, '{"type":"event_callback",', {
          signingSecret: TEST_SIGNING_SECRET,
        }),
      status: 400,
      reason: "malformed_json",
    },
    {
      name: "a form body that is neither a slash command nor an interaction",
      send: () =>
        postSignedSlackRequest({
          url: `${t.url}/slack/events`,
          body: "name",
          contentType: "application/x-www-form-urlencoded",
          signingSecret: TEST_SIGNING_SECRET,
        }),
      status: 400,
      reason: "malformed_payload",
    },
    {
      name: "an interaction payload without a type",
      send: () =>
        postSignedSlackRequest({
          url: `${t.url}/slack/events`,
          body: `payload=${encodeURIComponent(JSON.stringify({ user: { id: "U0ADA" } }))}`,
          contentType: "application/x-www-form-urlencoded",
          signingSecret: TEST_SIGNING_SECRET,
        }),
      status: 400,
      reason: "malformed_payload",
    },
    {
      name: "a known envelope with the wrong schema",
      send: () =>
        postSlackEvent(
          `${t.url}/slack/events`,
          { type: "event_callback", event: "nope" },
          { signingSecret: TEST_SIGNING_SECRET },
        ),
      status: 400,
      reason: "wrong_schema",
    },
    {
      name: "a body over 1 MiB",
      send: () =>
        postSlackEvent(`${t.url}/slack/events`, mention("x".repeat(1024 * 1024 + 10)), {
          signingSecret: TEST_SIGNING_SECRET,
        }),
      status: 413,
      reason: "body_too_large",
    },
    {
      name: "an unknown envelope type",
      send: () =>
        postSlackEvent(
          `${t.url}/slack/events`,
          { type: "brand_new_thing", id: 1 },
          { signingSecret: TEST_SIGNING_SECRET },
        ),
      status: 200,
      reason: "unknown_envelope_type",
    },
    {
      name: "an unknown event type",
      send: () => {
        const envelope = mention();
        return postSlackEvent(
          `${t.url}/slack/events`,
          { ...envelope, event: { ...envelope.event, type: "pin_added" } },
          { signingSecret: TEST_SIGNING_SECRET },
        );
      },
      status: 200,
      reason: "unsupported_event",
    },
    {
      name: "a message from another bot",
      send: () =>
        postSlackEvent(
          `${t.url}/slack/events`,
          buildMessageEvent({
            teamId: FAKE_SLACK_DEFAULTS.teamId,
            channelId: "D0DM",
            text: "hello",
            botId: "B0OTHER",
            subtype: "bot_message",
          }),
          { signingSecret: TEST_SIGNING_SECRET },
        ),
      status: 200,
      reason: "bot_message",
    },
    {
      name: "Baton's own message",
      send: () => {
        const envelope = mention("I am Baton");
        return postSlackEvent(
          `${t.url}/slack/events`,
          {
            ...envelope,
            event: {
              ...envelope.event,
              user: FAKE_SLACK_DEFAULTS.botUserId,
              bot_id: FAKE_SLACK_DEFAULTS.botId,
            },
          },
          { signingSecret: TEST_SIGNING_SECRET },
        );
      },
      status: 200,
      reason: "own_message",
    },
    {
      name: "an edit of a message",
      send: () =>
        postSlackEvent(
          `${t.url}/slack/events`,
          buildMessageEvent({
            teamId: FAKE_SLACK_DEFAULTS.teamId,
            channelId: "D0DM",
            userId: "U0ADA",
            text: "edited",
            subtype: "message_changed",
          }),
          { signingSecret: TEST_SIGNING_SECRET },
        ),
      status: 200,
      reason: "edited_or_deleted",
    },
  ];

  for (const { name, send, status, reason } of cases) {
    it(`refuses ${name} (${status}), queues nothing, logs why, and keeps serving`, async () => {
      const response = await send();
      expect(response.status).toBe(status);
      expect(rejectionLogged(reason)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await expectNothingQueued();
      expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    });
  }

  it("answers a stale timestamp and a bad signature alike, and logs a flood of them once per window", async () => {
    const stale = await postSlackEvent(`${t.url}/slack/events`, mention(), {
      signingSecret: TEST_SIGNING_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - SIX_MINUTES_S,
    });
    const forged = await postSlackEvent(`${t.url}/slack/events`, mention(), {
      signingSecret: "wrong-secret",
    });
    expect([stale.status, forged.status]).toEqual([401, 401]);
    expect(stale.body).toBe(forged.body);
    const logged = () => t.logger.lines.filter((l) => l.event === "bots.slack.request_rejected").length;
    const before = logged();
    for (let i = 0; i < 20; i++) {
      await postSlackEvent(`${t.url}/slack/events`, mention(), { signingSecret: "wrong-secret" });
    }
    expect(logged() - before).toBeLessThanOrEqual(1);
  });

  it("answers 404 for unknown paths and 405 for a wrong method", async () => {
    const unknown = await fetch(`${t.url}/nope`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("x-content-type-options")).toBe("nosniff");
    const wrongMethod = await fetch(`${t.url}/s/anything`, { method: "PUT" });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("content-security-policy")).toContain("default-src 'none'");
  });
});
