import { type SessionRequest, sessionRequestSchema } from "@baton/core";
import { createRecordingLogger, type FakeSlack, type RecordingLogger, startFakeSlack } from "@baton/testkit";
import { WebClient } from "@slack/web-api";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSlackContextProvider } from "./create-slack-context-provider.js";

function requestIn(channelId: string, threadTs: string, messageTs: string): SessionRequest {
  return sessionRequestSchema.parse({
    version: 1,
    id: `req-${messageTs}`,
    deliveryId: `Ev-${messageTs}`,
    conversation: { platform: "slack", teamId: "T1", channelId, threadTs },
    actor: { platform: "slack", id: "U1" },
    text: "can you fix it?",
    context: { "slack.messageTs": messageTs },
    receivedAt: "2025-01-01T00:00:00.000Z",
  });
}

describe("createSlackContextProvider, against the fake Slack Web API", () => {
  let slack: FakeSlack;
  let provider: ReturnType<typeof createSlackContextProvider>;
  let logger: RecordingLogger;
  beforeEach(async () => {
    logger = createRecordingLogger();
    slack = await startFakeSlack();
    provider = createSlackContextProvider({
      client: new WebClient("xoxb-test", { slackApiUrl: slack.url, retryConfig: { retries: 0 } }),
      logger,
    });
  });
  afterEach(() => slack.close());

  it("reads the channel's name, topic and purpose, and the thread's earlier messages by people", async () => {
    slack.seedChannel({
      id: "C1",
      name: "payments-eng",
      topic: "Card payments",
      purpose: "Stripe &amp; Adyen, see <#C2|mobile>",
    });
    const root = slack.seedMessage({
      channel: "C1",
      text: "the android app crashes on\n checkout",
      user: "U7",
    });
    slack.seedMessage({
      channel: "C1",
      text: "confirmed by <@U9> on a <https://x.test/pixel|pixel 8>",
      user: "U8",
      threadTs: root.ts,
    });
    slack.seedMessage({ channel: "C1", text: "Working on it…", botId: "B0BATON", threadTs: root.ts });
    const asking = slack.seedMessage({
      channel: "C1",
      text: "can you fix it?",
      user: "U1",
      threadTs: root.ts,
    });
    slack.seedMessage({ channel: "C1", text: "a later message", user: "U9", threadTs: root.ts });

    expect(await provider(requestIn("C1", root.ts, asking.ts))).toEqual({
      "slack.channelName": "payments-eng",
      "slack.channelTopic": "Card payments\nStripe & Adyen, see #mobile",
      "slack.thread":
        "@U7: the android app crashes on checkout\n@U8: confirmed by @U9 on a pixel 8 (https://x.test/pixel)",
    });
  });

  it("looks a channel up once per TTL, and reads no thread for a message that opens one", async () => {
    slack.seedChannel({ id: "C2", name: "mobile" });
    const first = slack.seedMessage({ channel: "C2", text: "a", user: "U1" });
    const second = slack.seedMessage({ channel: "C2", text: "b", user: "U1" });
    expect(await provider(requestIn("C2", first.ts, first.ts))).toEqual({ "slack.channelName": "mobile" });
    expect(await provider(requestIn("C2", second.ts, second.ts))).toEqual({ "slack.channelName": "mobile" });
    expect(slack.callsTo("conversations.info")).toHaveLength(1);
    expect(slack.callsTo("conversations.replies")).toHaveLength(0);
  });

  it("leaves out a direct message's name, and what a failed lookup would have said", async () => {
    slack.seedChannel({ id: "D1", name: "U0OTHER", isIm: true });
    const root = slack.seedMessage({ channel: "D1", text: "the ledger is off", user: "U1" });
    const asking = slack.seedMessage({ channel: "D1", text: "fix it", user: "U1", threadTs: root.ts });
    slack.failNext("conversations.replies", { kind: "error", error: "thread_not_found" });
    expect(await provider(requestIn("D1", root.ts, asking.ts))).toEqual({});
    expect(logger.lines).toEqual([
      {
        level: "warn",
        event: "bots.slack.context_lookup_failed",
        fields: {
          component: "bots.slack.context",
          method: "conversations.replies",
          error: "thread_not_found",
        },
      },
    ]);

    slack.failNext("conversations.info", { kind: "error", error: "channel_not_found" });
    expect(await provider(requestIn("C404", "1.000001", "1.000001"))).toEqual({});
    // A failure is not cached: the next request looks again.
    expect(await provider(requestIn("C404", "1.000001", "1.000001"))).toMatchObject({
      "slack.channelName": expect.any(String),
    });
  });
});
