import { conversationKey, createRedisKeys, MAX_PROMPT_CHARS } from "@baton/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { slackActions, textOf } from "./fixtures/slack-test-actions.js";
import { FAKE_SLACK_DEFAULTS, startTestBaton, type TestBaton } from "./fixtures/start-test-baton.js";

/**
 * Pasted code as Slack sends it, `<`, `>` and `&` as entities: about 50,000 characters once the bot
 * has read them back into the characters they stand for.
 */
function pastedCode(): string {
  const line = "if (a &lt; b &amp;&amp; c &gt; d) { return x; } // compare\n";
  const asRead = "if (a < b && c > d) { return x; } // compare\n";
  return `why does this fail?\n${line.repeat(Math.ceil(50_000 / asRead.length))}`;
}

describe("an oversized or unreadable request does not poison its thread", () => {
  let t: TestBaton;
  beforeEach(async () => {
    t = await startTestBaton();
  });
  afterEach(() => t.close());

  it("a 50,000-character mention gets 👀 and a reply noting the cut, and a follow-up in its thread runs", async () => {
    const slack = slackActions(t);
    const text = pastedCode();
    expect(text.length).toBeGreaterThan(MAX_PROMPT_CHARS);
    const first = await slack.mention({ channel: "C0BIG", text });
    expect(first.response.status).toBe(200);

    const [reaction] = await t.slack.waitForCall("reactions.add");
    expect(reaction?.body).toMatchObject({ channel: "C0BIG", timestamp: first.ts, name: "eyes" });
    const replies = await t.slack.waitForCall("chat.postMessage", { count: 2, timeoutMs: 15_000 });
    expect(replies[1]?.body).toMatchObject({ channel: "C0BIG", thread_ts: first.ts });
    expect(textOf(replies[1])).toContain("Plan (dry run");

    // The stored prompt fits the limit and says that it was cut.
    const shareUrl = textOf(replies[1]).match(/https?:\/\/[^"\\]+\/s\/[\w-]+/)?.[0];
    const markdown = await fetch(
      `${t.url}${new URL(shareUrl!).pathname.replace("/s/", "/api/shared/")}/markdown`,
    );
    const shared = await markdown.text();
    expect(shared).toContain("Baton cut this request");
    // The bot passed the code on as it reads, not in Slack's escaped form.
    expect(shared).toContain("if (a < b && c > d) { return x; }");
    expect(shared).not.toContain("&lt;");

    await slack.mention({ channel: "C0BIG", text: "and the short follow-up", threadTs: first.ts });
    const all = await t.slack.waitForCall("chat.postMessage", { count: 4, timeoutMs: 15_000 });
    expect(all.slice(2).every((call) => call.body.thread_ts === first.ts)).toBe(true);
    expect(textOf(all[3])).toContain("Plan (dry run");
  });

  it("@baton stop works before any session exists, even with an unreadable turn queued", async () => {
    const slack = slackActions(t);
    const threadTs = "1700000900.000100";
    const key = conversationKey({
      platform: "slack",
      teamId: FAKE_SLACK_DEFAULTS.teamId,
      channelId: "C0STUCK",
      threadTs,
    });
    // A record this Baton cannot read (an older version's, or one a bug wrote) waits in the inbox.
    const keys = createRedisKeys(t.redis.prefix);
    await t.redis.redis.hset(keys.turn(key, "t_broken"), "data", '{"request":', "status", "queued");
    await t.redis.redis.rpush(keys.inbox(key), "t_broken");

    const stop = await slack.mention({ channel: "C0STUCK", text: "stop", threadTs });
    expect(stop.response.status).toBe(200);
    const [said] = await t.slack.waitForCall("chat.postMessage");
    expect(textOf(said)).toContain("Stopped. Dropped 1 queued request");
    expect(await t.redis.redis.llen(keys.inbox(key))).toBe(0);
  });
});
