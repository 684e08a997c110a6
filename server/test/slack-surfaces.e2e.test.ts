import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ControllableBackend } from "./fixtures/controllable-backend.js";
import { callsIn, eventually, textOf } from "./fixtures/slack-test-actions.js";
import { type SlackScenario, startSlackScenario } from "./fixtures/start-slack-scenario.js";
import type { TestBaton } from "./fixtures/start-test-baton.js";

describe("Slack surfaces", () => {
  let t: TestBaton;
  let agent: ControllableBackend;
  let slack: SlackScenario["slack"];
  beforeEach(async () => {
    ({ t, agent, slack } = await startSlackScenario());
  });
  afterEach(() => t.close());

  it("a DM needs no mention", async () => {
    const { ts } = await slack.message({ channel: "D0DIRECT", text: "what does the deploy script do?" });
    const run = await agent.waitForRun(1);
    expect(run.turn.prompt).toBe("what does the deploy script do?");
    run.finish();
    const reply = await eventually("the result", () =>
      callsIn(t, "chat.postMessage", "D0DIRECT").find((c) => textOf(c).includes("finished:")),
    );
    expect(reply.body).toMatchObject({ thread_ts: ts });
  });

  it("/baton <prompt> posts who asked in the channel and works in that message's thread", async () => {
    const response = await slack.slashCommand({ channel: "C0SLASH", text: "bump the lodash version" });
    expect(response.status).toBe(200);
    const run = await agent.waitForRun(1);
    expect(run.turn.prompt).toBe("bump the lodash version");
    const [root] = callsIn(t, "chat.postMessage", "C0SLASH");
    expect(textOf(root)).toContain("<@U0ADA> asked Baton: bump the lodash version");
    run.finish();
    const reply = await eventually("the result", () =>
      callsIn(t, "chat.postMessage", "C0SLASH").find((c) => textOf(c).includes("finished:")),
    );
    const rootTs = await rootTsOf(t, "C0SLASH");
    expect(rootTs).toBeDefined();
    expect((reply.body as { thread_ts?: string }).thread_ts).toBe(rootTs);
  });

  it("/baton with no prompt says how to use it and starts nothing", async () => {
    const response = await slack.slashCommand({ channel: "C0SLASH", text: "  " });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body).text).toContain("/baton fix the flaky login test");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(agent.runs).toHaveLength(0);
  });

  it('"Send to Baton" on a message makes that message the prompt, worked on in its thread', async () => {
    const response = await slack.messageShortcut({
      channel: "C0SHORT",
      user: "U0ADA",
      message: {
        text: "the checkout page 500s when the cart is empty",
        ts: "1700000500.000100",
        user: "U0REPORTER",
      },
    });
    expect(response.status).toBe(200);
    const run = await agent.waitForRun(1);
    expect(run.turn.prompt).toBe("the checkout page 500s when the cart is empty");
    expect(run.turn.turn.request.actor.id).toBe("U0ADA");
    expect(run.turn.turn.request.conversation).toMatchObject({
      channelId: "C0SHORT",
      threadTs: "1700000500.000100",
    });
    await eventually("👀 on the message", () =>
      callsIn(t, "reactions.add", "C0SHORT").find(
        (c) => (c.body as { timestamp: string }).timestamp === "1700000500.000100",
      ),
    );
    run.finish();
  });

  it("a follow-up while a turn runs is answered after it, in order, with the thread's messages in between as context", async () => {
    const { ts: threadTs } = await slack.mention({ channel: "C0FOLLOW", text: "first request" });
    const first = await agent.waitForRun(1);
    await slack.message({ channel: "C0FOLLOW", threadTs, user: "U0ADA", text: "fyi the staging DB is down" });
    await slack.mention({ channel: "C0FOLLOW", threadTs, text: "second request" });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(agent.runs).toHaveLength(1);

    first.finish();
    const second = await agent.waitForRun(2);
    expect(second.turn.prompt).toBe("second request");
    expect(second.turn.session.id).toBe(first.turn.session.id);
    expect(second.turn.context).toEqual([
      { authorId: "U0ADA", text: "fyi the staging DB is down", maySteer: true },
    ]);
    second.finish();
    const results = await eventually("both results", () => {
      const found = callsIn(t, "chat.postMessage", "C0FOLLOW").filter((c) => textOf(c).includes("finished:"));
      return found.length === 2 ? found : undefined;
    });
    expect(results.map((c) => textOf(c).includes("first request"))).toEqual([true, false]);
  });

  it("edits and deletions are ignored, and messages in threads without a session are not kept", async () => {
    await slack.message({
      channel: "C0EDIT",
      user: "U0ADA",
      text: "<@U0FAKEBOT> edited text",
      subtype: "message_changed",
    });
    await slack.message({ channel: "C0EDIT", threadTs: "1700000000.000001", user: "U0ADA", text: "chatter" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(agent.runs).toHaveLength(0);
    expect(await t.redis.redis.keys(`${t.redis.prefix}:conv:*`)).toEqual([]);
  });
});

async function rootTsOf(t: TestBaton, channel: string): Promise<string | undefined> {
  const messages = (await (
    await fetch(`${t.slack.url}conversations.history`, {
      method: "POST",
      headers: {
        authorization: "Bearer xoxb-test-token",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ channel }).toString(),
    })
  ).json()) as { messages: Array<{ ts: string; text: string }> };
  return messages.messages.find((m) => m.text.includes("asked Baton"))?.ts;
}
