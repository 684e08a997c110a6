import { buildAppMentionEvent, postSlackEvent } from "@baton/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  FAKE_SLACK_DEFAULTS,
  startTestBaton,
  TEST_SIGNING_SECRET,
  type TestBaton,
} from "./fixtures/start-test-baton.js";

// Mapped by channel *name*: only the worker's live context (conversations.info) can match it.
const CATALOG_YAML = `
repositories:
  - repo: acme/payments
    description: Card payments through Stripe
  - repo: acme/web
    description: The storefront
slack:
  channels:
    payments-eng: { target: acme/payments }
`;

describe("a Slack message in a channel mapped by name, end to end", () => {
  let t: TestBaton;
  beforeEach(async () => {
    t = await startTestBaton({ catalogYaml: CATALOG_YAML });
  });
  afterEach(() => t.close());

  it("routes by that mapping, through the gateway, with the channel's name looked up once", async () => {
    t.slack.seedChannel({ id: "C0PAYENG", name: "payments-eng", topic: "Card payments" });
    const mention = (text: string, ts: string) =>
      buildAppMentionEvent({
        teamId: FAKE_SLACK_DEFAULTS.teamId,
        botUserId: FAKE_SLACK_DEFAULTS.botUserId,
        channelId: "C0PAYENG",
        userId: "U0ADA",
        text: `<@${FAKE_SLACK_DEFAULTS.botUserId}> ${text}`,
        ts,
      });
    const first = mention("the challenge window is cut off on small screens", "1700000100.000100");
    const response = await postSlackEvent(`${t.url}/slack/events`, first, {
      signingSecret: TEST_SIGNING_SECRET,
    });
    expect(response.status).toBe(200);

    const [, reply] = await t.slack.waitForCall("chat.postMessage", { count: 2 });
    expect(reply?.body).toMatchObject({ channel: "C0PAYENG", thread_ts: first.event.ts });
    // A result, not a picker: the session runs in the channel's repository.
    expect(String((reply!.body as { text?: unknown }).text)).toContain("Plan (dry run");
    expect(JSON.stringify(reply?.body)).toContain("acme/payments");
    // The worker asked Slack where the message was written; nothing was asked of the person.
    expect(t.slack.callsTo("conversations.info").map((c) => c.body)).toEqual([
      expect.objectContaining({ channel: "C0PAYENG" }),
    ]);
    expect(t.logger.lines.some((l) => l.event === "core.turn.asked")).toBe(false);
  });
});
