import { buildAppMentionEvent, postSlackEvent } from "@baton/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  FAKE_SLACK_DEFAULTS,
  startTestBaton,
  TEST_SIGNING_SECRET,
  type TestBaton,
} from "./fixtures/start-test-baton.js";

const SLACK_ACK_DEADLINE_MS = 3_000;

describe("a signed Slack app_mention, end to end", () => {
  let t: TestBaton;
  beforeEach(async () => {
    t = await startTestBaton();
  });
  afterEach(() => t.close());

  it("is acknowledged fast, gets 👀, a working message and one plan reply in its thread; a retry adds nothing", async () => {
    const envelope = buildAppMentionEvent({
      teamId: FAKE_SLACK_DEFAULTS.teamId,
      botUserId: FAKE_SLACK_DEFAULTS.botUserId,
      channelId: "C0PROJECT",
      userId: "U0ADA",
      text: `<@${FAKE_SLACK_DEFAULTS.botUserId}> fix the flaky login test`,
    });
    const startedAt = Date.now();
    const first = await postSlackEvent(`${t.url}/slack/events`, envelope, {
      signingSecret: TEST_SIGNING_SECRET,
    });
    const ackMs = Date.now() - startedAt;
    expect(first.status).toBe(200);
    expect(ackMs).toBeLessThan(SLACK_ACK_DEADLINE_MS);

    const [reaction] = await t.slack.waitForCall("reactions.add");
    expect(reaction?.body).toMatchObject({
      channel: "C0PROJECT",
      timestamp: envelope.event.ts,
      name: "eyes",
    });
    // First the "Working on it" message, then the result: both in the mention's thread.
    const [working, reply] = await t.slack.waitForCall("chat.postMessage", { count: 2 });
    expect(working?.body).toMatchObject({ channel: "C0PROJECT", thread_ts: envelope.event.ts });
    expect(String((working!.body as { text?: unknown }).text)).toContain("Working on it");
    expect(reply?.body).toMatchObject({ channel: "C0PROJECT", thread_ts: envelope.event.ts });
    const replyText = String((reply!.body as { text?: unknown }).text);
    expect(replyText).toContain("Plan (dry run");
    expect(JSON.stringify(reply?.body)).toContain("fix the flaky login test");
    expect(JSON.stringify(reply?.body)).toContain("no repository");
    // The 👀 came before the reply.
    expect(reaction!.at).toBeLessThanOrEqual(reply!.at);

    // The reply links a read-only transcript that holds the prompt.
    const shareUrl = JSON.stringify(reply?.body).match(/https?:\/\/[^"]+\/s\/[\w-]+/)?.[0];
    expect(shareUrl).toBeDefined();
    const sharePath = new URL(shareUrl!).pathname.replace("/s/", "/api/shared/");
    const markdown = await fetch(`${t.url}${sharePath}/markdown`);
    expect(markdown.status).toBe(200);
    expect(await markdown.text()).toContain("fix the flaky login test");

    const retry = await postSlackEvent(`${t.url}/slack/events`, envelope, {
      signingSecret: TEST_SIGNING_SECRET,
      retryNum: 1,
    });
    expect(retry.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(t.slack.callsTo("chat.postMessage")).toHaveLength(2);
    expect(t.slack.callsTo("reactions.add").map((c) => (c.body as { name: string }).name)).toEqual([
      "eyes",
      "white_check_mark",
    ]);
    expect(
      t.logger.lines.some(
        (l) => l.event === "bots.slack.request_duplicate" && l.fields.delivery_id === envelope.event_id,
      ),
    ).toBe(true);

    // What happened shows in /metrics, by route pattern (never a share id from a raw path).
    await fetch(`${t.url}${sharePath}/status`);
    const metrics = await (await fetch(`${t.url}/metrics`)).text();
    expect(metrics).toContain(
      'baton_http_requests_total{route="/slack/events",method="POST",status="200"} 2',
    );
    expect(metrics).toContain('baton_turns_finished_total{status="completed"} 1');
    expect(metrics).toMatch(/baton_turn_jobs\{state="waiting"\} 0/);
    expect(metrics).toContain("baton_intake_backlog 0");
    expect(metrics).toContain('route="/api/shared/:shareId/status"');
    expect(metrics).not.toContain(sharePath.split("/").at(-1));
  });

  it("answers Slack's URL verification with the challenge", async () => {
    const response = await postSlackEvent(
      `${t.url}/slack/events`,
      {
        type: "url_verification",
        token: "legacy",
        challenge: "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P",
      },
      { signingSecret: TEST_SIGNING_SECRET },
    );
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({
      challenge: "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P",
    });
  });

  it("serves /healthz and /readyz", async () => {
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${t.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });
});
