import { describe, expect, it } from "vitest";
import { FAKE_SLACK_DEFAULTS } from "./fake-slack-defaults.js";
import { buildAppMentionEvent, buildMessageEvent, buildUrlVerification } from "./slack-event-builders.js";

describe("buildAppMentionEvent", () => {
  it("wraps an app_mention in a full event_callback envelope", () => {
    const envelope = buildAppMentionEvent({
      teamId: "T1",
      channelId: "C1",
      userId: "U1",
      text: "<@U0FAKEBOT> fix the build",
      ts: "1700000000.000100",
      threadTs: "1699999999.000100",
      eventId: "Ev1",
    });

    expect(envelope).toMatchObject({
      team_id: "T1",
      api_app_id: FAKE_SLACK_DEFAULTS.appId,
      type: "event_callback",
      event_id: "Ev1",
      event: {
        type: "app_mention",
        user: "U1",
        text: "<@U0FAKEBOT> fix the build",
        ts: "1700000000.000100",
        event_ts: "1700000000.000100",
        channel: "C1",
        thread_ts: "1699999999.000100",
      },
      authorizations: [
        { enterprise_id: null, team_id: "T1", user_id: FAKE_SLACK_DEFAULTS.botUserId, is_bot: true },
      ],
    });
    expect(typeof envelope.token).toBe("string");
    expect(Number.isInteger(envelope.event_time)).toBe(true);
  });

  it("gives each event its own id and timestamp unless told otherwise", () => {
    const input = { teamId: "T1", channelId: "C1", userId: "U1", text: "hi" };
    const [a, b] = [buildAppMentionEvent(input), buildAppMentionEvent(input)];
    expect(a.event_id).not.toBe(b.event_id);
    expect(a.event.ts).toMatch(/^\d{10}\.\d{6}$/);
    expect(a.event).not.toHaveProperty("thread_ts");
  });
});

describe("buildMessageEvent", () => {
  it("marks D channels as DMs", () => {
    const { event } = buildMessageEvent({ teamId: "T1", channelId: "D1", userId: "U1", text: "hello" });
    expect(event).toMatchObject({
      type: "message",
      channel: "D1",
      channel_type: "im",
      user: "U1",
      text: "hello",
    });
  });

  it("builds bot messages with a subtype and bot_id", () => {
    const { event } = buildMessageEvent({
      teamId: "T1",
      channelId: "C1",
      text: "beep",
      subtype: "bot_message",
      botId: "B1",
    });
    expect(event).toMatchObject({ subtype: "bot_message", bot_id: "B1", channel_type: "channel" });
    expect(event).not.toHaveProperty("user");
  });

  it("nests the edited and previous message for message_changed", () => {
    const { event } = buildMessageEvent({
      teamId: "T1",
      channelId: "C1",
      userId: "U1",
      text: "after",
      previousText: "before",
      ts: "1700000000.000100",
      subtype: "message_changed",
    });
    expect(event).toMatchObject({
      subtype: "message_changed",
      hidden: true,
      message: { text: "after", ts: "1700000000.000100", edited: { user: "U1" } },
      previous_message: { text: "before", ts: "1700000000.000100" },
    });
    expect(event.ts).not.toBe("1700000000.000100");
  });
});

describe("buildUrlVerification", () => {
  it("builds the challenge request", () => {
    expect(buildUrlVerification("abc")).toMatchObject({ type: "url_verification", challenge: "abc" });
  });
});
